import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a reader writes what its rows became.
struct EventLog: Sendable {
  /// The events, in the order written.
  var events: [ImportedEvent] = []
  /// The rows skipped.
  var skipped: [SkippedRow] = []
  /// What was read despite a doubt.
  var warnings: [ImportWarning] = []
  /// The latest balance the file states of each asset and wallet.
  var balances: [BalanceKey: StatedBalance] = [:]
  /// Every balance the file states, in the order read.
  var stated: [StatedBalance] = []
  /// Whether the file lists its newest rows first (of rows of one time, the upper is later).
  var newestFirst = false

  /// Skips `line` for `reason`.
  mutating func skip(_ line: Int, _ reason: SkipReason) {
    skipped.append(SkippedRow(line: line, reason: reason))
  }

  /// Skips every line in `lines`.
  mutating func skip(_ lines: [Int], _ reason: SkipReason) {
    for line in lines { skip(line, reason) }
  }

  /// Adds the events, skips and warnings of `part`, rows after these read into a log of their
  /// own (on another core), leaving `part` empty; a part states no balances. Into a log that
  /// has none yet, the part's arrays are taken whole: no copy of each event (and no letting go
  /// of it after).
  mutating func append(_ part: inout EventLog) {
    Self.move(&part.events, after: &events)
    Self.move(&part.skipped, after: &skipped)
    Self.move(&part.warnings, after: &warnings)
  }

  private static func move<Item>(_ items: inout [Item], after held: inout [Item]) {
    if held.isEmpty {
      swap(&held, &items)
    } else {
      held.append(contentsOf: items)
    }
    items = []
  }
}

/// What every event of a row shares.
struct EventOrigin: Sendable {
  /// The first line.
  var line: Int
  /// Every line that made the event (for skips).
  var lines: [Int]
  /// When.
  var date: Date?
  /// The row's money value.
  var value: ImportedAmount?
  /// The exchange's id.
  var id: String?
  /// The description.
  var note: String?

  /// An origin of one row.
  init(
    line: Int, date: Date?, value: ImportedAmount? = nil, id: String? = nil, note: String? = nil
  ) {
    self.line = line
    lines = [line]
    self.date = date
    self.value = value
    self.id = id?.isEmpty == true ? nil : id
    self.note = note?.isEmpty == true ? nil : note
  }

  /// An origin of several rows (a Kraken refid, a Binance second).
  init(lines: [Int], date: Date?, value: ImportedAmount? = nil, id: String? = nil) {
    self.init(line: lines.min() ?? 0, date: date, value: value, id: id)
    self.lines = lines
  }
}
