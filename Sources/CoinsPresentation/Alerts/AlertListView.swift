import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins alert list`: every rule with its id, state and the last value seen.
package enum AlertListView {
  /// What `alert list` prints when there is no rule.
  package static let emptyMessage =
    "No alerts. Add one with, for example:\n  coins alert add btc above 100000\n"

  /// A table of the rules.
  package static func text(_ book: AlertBook, width: Int) -> String {
    let rules = book.rules
    let columns = [
      TableLayout.Column(header: "ID", cells: rules.map(\.id), alignRight: true),
      TableLayout.Column(header: "Coin", cells: rules.map(\.target.label), identifying: true),
      TableLayout.Column(header: "Rule", cells: rules.map(AlertText.rule)),
      TableLayout.Column(
        header: "State", cells: rules.map { AlertText.state($0.state) }, dropOrder: 3,
        wrapsUnderRow: true),
      TableLayout.Column(
        header: "Last", cells: rules.map(AlertText.lastValue), alignRight: true, dropOrder: 2),
      TableLayout.Column(
        header: "Note", cells: rules.map { $0.note.map(Sanitizer.printable) ?? "" },
        flexible: 4...40, dropOrder: 1, wrapsUnderRow: true),
    ]
    let table = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    return table.joined(separator: "\n") + "\n"
  }

  /// `{"file","alerts":[{"id","coin","symbol","rule","threshold","over","currency","note",
  /// "state","firedAt","lastValue","checkedAt"}]}`; `coin` and `symbol` are `null` for the
  /// portfolio's rules, `threshold` an exact decimal number.
  package static func json(_ book: AlertBook, file: String) -> String {
    JSONText.object([
      ("file", JSONText.string(file)),
      ("alerts", JSONText.array(book.rules.map(ruleJSON))),
    ])
  }

  private static func ruleJSON(_ rule: AlertRule) -> String {
    var firedAt: Date?
    var state = "notChecked"
    switch rule.state {
    case .notChecked: break
    case .armed: state = "armed"
    case .fired(let at):
      state = "fired"
      firedAt = at
    }
    var window: String?
    if case .move(_, let over) = rule.condition { window = over.rawValue }
    return JSONText.object([
      ("id", JSONText.string(rule.id)),
      ("coin", rule.target.coinID.map(JSONText.string) ?? "null"),
      ("symbol", symbol(rule.target).map(JSONText.string) ?? "null"),
      ("rule", JSONText.string(rule.condition.kind)),
      ("threshold", DecimalInput.text(rule.condition.threshold)),
      ("over", window.map(JSONText.string) ?? "null"),
      ("currency", JSONText.string(rule.currency)),
      ("note", rule.note.map(JSONText.string) ?? "null"),
      ("state", JSONText.string(state)),
      ("firedAt", timestamp(firedAt)),
      ("lastValue", JSONText.number(rule.lastValue)),
      ("checkedAt", timestamp(rule.checkedAt)),
    ])
  }

  static func symbol(_ target: AlertTarget) -> String? {
    if case .coin(_, let symbol, _) = target { return symbol }
    return nil
  }

  static func timestamp(_ date: Date?) -> String {
    date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
  }
}
