/// Everything read from one file: which format it is, the events in file order, and the rows
/// skipped with their reasons. Nothing is partial: a row that cannot be read throws instead.
public struct ImportResult: Hashable, Sendable {
  /// The format's id (`kraken`), as `--format` takes it.
  public var format: String
  /// The layout within the format whose header matched (`ledgers v3`).
  public var version: String
  /// The line the header row was on.
  public var headerLine: Int
  /// The rows after the header that had something in them.
  public var rowsRead: Int
  /// The events, in the order of their first line.
  public var events: [ImportedEvent]
  /// The rows skipped, in file order.
  public var skipped: [SkippedRow]
  /// Rows read despite a doubt (cells that disagree), in file order.
  public var warnings: [ImportWarning] = []
  /// The last balance the file states of each asset (and wallet), by asset then wallet; empty
  /// when the format states none.
  public var statedBalances: [StatedBalance] = []
  /// Every balance the file states, oldest first (of one time, in the file's own order).
  public var statedHistory: [StatedBalance] = []

  /// Creates a result.
  public init(
    format: String, version: String, headerLine: Int, rowsRead: Int, events: [ImportedEvent],
    skipped: [SkippedRow]
  ) {
    self.format = format
    self.version = version
    self.headerLine = headerLine
    self.rowsRead = rowsRead
    self.events = events
    self.skipped = skipped
  }

  /// The skipped rows counted by reason, the most frequent first (ties by first appearance).
  public var skipCounts: [SkipCount] {
    var counts: [SkipCount] = []
    var index: [SkipReason: Int] = [:]
    for row in skipped {
      if let at = index[row.reason] {
        counts[at].count += 1
      } else {
        index[row.reason] = counts.count
        counts.append(SkipCount(reason: row.reason, count: 1))
      }
    }
    let order = Dictionary(uniqueKeysWithValues: counts.enumerated().map { ($1.reason, $0) })
    return counts.sorted { ($0.count, order[$1.reason] ?? 0) > ($1.count, order[$0.reason] ?? 0) }
  }
}
