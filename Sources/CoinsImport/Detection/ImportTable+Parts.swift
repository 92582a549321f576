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
    var parts = spread.runs(of: items.count, threshold: Self.partRows) { run -> PartLog in
      var part = PartLog(log: EventLog())
      part.log.events.reserveCapacity(run.count)
      do throws(ImportError) {
        try read(items[run], &part.log)
      } catch {
        part.error = error
      }
      return part
    }
    for place in parts.indices {
      if let error = parts[place].error { throw error }
      log.append(&parts[place].log)
    }
  }
}

extension ImportTable {
  /// Lets go of the rows, their cells freed in parts on the cores ``spread`` gives (freeing
  /// 100,000 rows' cells, a string and more each, took a tenth of a second on one core while
  /// the other waited). A row still held elsewhere (a reader's group) keeps its cells.
  mutating func letGoOfRows() {
    let (count, spread) = (rows.count, spread)
    if count >= Self.partRows {
      rows.withUnsafeMutableBufferPointer { buffer in
        let slots = RowSlots(base: buffer.baseAddress)
        _ = spread.runs(of: count, threshold: Self.partRows) { run in
          for place in run { slots.empty(place) }
        }
      }
    }
    rows = []
  }
}

/// The rows' memory, each row emptied by one run only.
private struct RowSlots: @unchecked Sendable {
  let base: UnsafeMutablePointer<SourceRow>?

  func empty(_ place: Int) {
    base?.advanced(by: place).pointee.cells = []
  }
}

/// What a part of a table's rows made, or the first of its rows that cannot be read.
private struct PartLog: Sendable {
  var log: EventLog
  var error: ImportError?
}
