import CoinsModel

/// A table whose rows stand alone (no row's events depend on another row) read in parts on the
/// cores its ``ImportTable/spread`` gives: each part into a log of its own, the logs added up
/// in order. Events, skips and warnings come out as one pass writes them, and the first row
/// that cannot be read is the one thrown.
extension ImportTable {
  /// Below this many rows, one part: no thread is worth its start.
  static let partRows = 4_000

  /// `read` of each part of the rows (a reader's loop over them, with whatever it keeps from
  /// row to row within a part), written into `log`. A part's log states no balances.
  func readInParts(
    into log: inout EventLog,
    _ read: @Sendable (ArraySlice<SourceRow>, inout EventLog) throws(ImportError) -> Void
  ) throws(ImportError) {
    try readInParts(rows, into: &log, read)
  }

  /// `read` of each part of `items` that stand alone (a fill's rows, gathered first), written
  /// into `log`, as ``readInParts(into:_:)`` reads rows.
  func readInParts<Item: Sendable>(
    _ items: [Item], into log: inout EventLog,
    _ read: @Sendable (ArraySlice<Item>, inout EventLog) throws(ImportError) -> Void
  ) throws(ImportError) {
    let parts = spread.runs(of: items.count, threshold: Self.partRows) { run -> PartLog in
      var part = PartLog(log: EventLog())
      part.log.events.reserveCapacity(run.count)
      do throws(ImportError) {
        try read(items[run], &part.log)
      } catch {
        part.error = error
      }
      return part
    }
    for part in parts {
      if let error = part.error { throw error }
      log.append(part.log)
    }
  }
}

/// What a part of a table's rows made, or the first of its rows that cannot be read.
private struct PartLog: Sendable {
  var log: EventLog
  var error: ImportError?
}
