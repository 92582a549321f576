import CoinsModel

/// The rows after a header split on every core a ``WorkSpread`` gives: the text is cut at line
/// starts into parts of about equal size, each split on its own from line 1. A part is kept
/// only when the part before it ended exactly where it starts, so that it began at a row's
/// start (a quoted cell with a line break in it, across a cut, makes the part before end
/// further on: the rest is then split in one pass from there). Rows, lines and the first
/// error are those of one pass.
extension DelimitedRows {
  /// Below this many bytes of rows, one pass: no thread is worth its start.
  static let partThreshold = 1 << 20

  /// Every row after this one, blank ones and ones of blank cells left out.
  func dataRows(spread: any WorkSpread) throws(ImportError) -> [RawRow] {
    let (text, delimiter, start, line) = (text, delimiter, index, line)
    let parts = spread.runs(of: text.count - start, threshold: Self.partThreshold) { run in
      let from = run.lowerBound == 0 ? start : Self.lineStart(text, start + run.lowerBound)
      let to = Self.lineStart(text, start + run.upperBound)
      return Self.part(text, delimiter, from: from, to: to, line: run.lowerBound == 0 ? line : 1)
    }
    var rows: [RawRow] = []
    rows.reserveCapacity(parts.reduce(0) { $0 + $1.rows.count })
    // Where the part before ended, and the line there.
    var (end, endLine) = (start, line)
    for (number, part) in parts.enumerated() {
      guard number == 0 || part.from == end else {
        let rest = Self.part(text, delimiter, from: end, to: text.count, line: endLine)
        if let error = rest.error { throw error }
        rows.append(contentsOf: rest.rows)
        return rows
      }
      // The part's own line 1 is the line the part before ended on.
      let before = number == 0 ? 0 : endLine - 1
      if var error = part.error {
        error.line += before
        throw error
      }
      let first = rows.count
      rows.append(contentsOf: part.rows)
      if before > 0 {
        for index in first..<rows.count { rows[index].line += before }
      }
      (end, endLine) = (part.end, part.line + before)
    }
    return rows
  }

  /// The rows of one part, and where it ended.
  private struct Part: Sendable {
    var from: Int
    var rows: [RawRow] = []
    var end: Int
    var line: Int
    var error: ImportError?
  }

  /// The rows that start in `from..<to`, `from` on `line`.
  private static func part(
    _ text: [UInt8], _ delimiter: UInt8, from: Int, to: Int, line: Int
  ) -> Part {
    var reader = DelimitedRows(text, delimiter: delimiter, from: from, line: line)
    var part = Part(from: from, end: from, line: line)
    do {
      while let row = try reader.next(before: to) {
        guard row.cells.contains(where: { !$0.trimmedCell.isEmpty }) else { continue }
        part.rows.append(row)
      }
    } catch {
      part.error = error
    }
    (part.end, part.line) = (reader.index, reader.line)
    return part
  }

  /// The first line start at or after `index`: `index` itself when a line break is just before
  /// it, else just after the next line feed (or the end).
  private static func lineStart(_ text: [UInt8], _ index: Int) -> Int {
    guard index > 0, index < text.count else { return min(index, text.count) }
    if text[index - 1] == UInt8(ascii: "\n") { return index }
    var at = index
    while at < text.count, text[at] != UInt8(ascii: "\n") { at += 1 }
    return min(at + 1, text.count)
  }
}
