import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio log`: the journal's changes, oldest first, as a table or JSON.
package enum JournalLogView {
  /// One change as the log shows it.
  package struct Row: Sendable {
    /// Its number (what `undo --change` takes).
    package var number: Int
    /// When it was made.
    package var date: Date
    /// The command line, as typed.
    package var commandLine: [String]
    /// What it did (``summary``).
    package var summary: String
    /// The number of the change that took it back, when one did.
    package var undoneBy: Int?
    /// The change it took back, for an undo.
    package var undoes: Int?
    /// How many transactions it added, removed and changed.
    package var counts: (added: Int, removed: Int, changed: Int)

    /// Each member as given.
    package init(
      number: Int, date: Date, commandLine: [String], summary: String, undoneBy: Int?,
      undoes: Int?, counts: (added: Int, removed: Int, changed: Int)
    ) {
      self.number = number
      self.date = date
      self.commandLine = commandLine
      self.summary = summary
      self.undoneBy = undoneBy
      self.undoes = undoes
      self.counts = counts
    }
  }

  /// What the log says when there is no change recorded.
  package static let emptyMessage =
    "No changes are recorded yet: the journal starts with the next change to the portfolio.\n"

  /// `#`, `When`, `Command` and `Changes` (`(taken back by 7)` after a change undone), each
  /// control character of the command line made harmless. Too narrow, the command line goes
  /// under its row (`    Command: coins portfolio add …`); what changed is never cut.
  package static func text(_ rows: [Row], width: Int) -> String {
    let changes = rows.map { row in
      row.summary + (row.undoneBy.map { " (taken back by \($0))" } ?? "")
    }
    let columns = [
      TableLayout.Column(header: "#", cells: rows.map { String($0.number) }, alignRight: true),
      TableLayout.Column(header: "When", cells: rows.map { SnapshotLabel.minute($0.date) }),
      TableLayout.Column(
        header: "Command",
        cells: rows.map { Sanitizer.clean($0.commandLine.joined(separator: " ")) },
        flexible: 20...60, dropOrder: 0, wrapsUnderRow: true),
      // What changed is never cut: the command line gives way.
      TableLayout.Column(header: "Changes", cells: changes, identifying: true),
    ]
    return TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
      .joined(separator: "\n") + "\n"
  }

  /// `{"changes":[{"change","date","command":[…],"summary","added","removed","changed",
  /// "undoes","undoneBy"}]}`; `undoes` and `undoneBy` are `null` when they do not apply.
  package static func json(_ rows: [Row]) -> String {
    let changes = rows.map { row in
      JSONText.object([
        ("change", String(row.number)),
        ("date", JSONText.string(ISO8601Timestamp.format(row.date))),
        ("command", JSONText.array(row.commandLine.map(JSONText.string))),
        ("summary", JSONText.string(row.summary)),
        ("added", String(row.counts.added)),
        ("removed", String(row.counts.removed)),
        ("changed", String(row.counts.changed)),
        ("undoes", JSONText.number(row.undoes)),
        ("undoneBy", JSONText.number(row.undoneBy)),
      ])
    }
    return JSONText.object([("changes", JSONText.array(changes))]) + "\n"
  }
}
