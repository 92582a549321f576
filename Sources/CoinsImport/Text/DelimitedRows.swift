import CoinsModel

/// One row of the file as cells, with the line it starts on.
package struct RawRow: Sendable {
  /// The line (from 1).
  package var line: Int
  /// The cells, unquoted, as written.
  package var cells: [String]
}

/// Splits UTF-8 text into rows of cells, one row at a time: `,` or `;` between cells, cells in
/// double quotes with `""` for a quote (and line breaks inside), CRLF or LF, blank lines skipped.
///
/// Lenient where real files are messy: text after a closing quote is kept, spaces before an
/// opening quote are dropped, and a row wrapped whole in quotes (an Excel artefact, its inner
/// quotes doubled) is unwrapped into its cells. Only a quote that is never closed is an error.
package struct DelimitedRows {
  private let bytes: [UInt8]
  /// The byte between cells.
  let delimiter: UInt8
  /// Where the next row is looked for.
  private(set) var index = 0
  /// The line at ``index``.
  private(set) var line = 1
  /// The cells of the row before: room made for as many at once (Gemini's 63 grew an array
  /// seven times a row).
  private var width = 0

  /// Rows of `bytes`, cells split at `delimiter`.
  package init(_ bytes: [UInt8], delimiter: UInt8) {
    self.bytes = bytes
    self.delimiter = delimiter
  }

  /// Rows of `bytes` from `index`, a line start, which is on `line`: one part of a file split
  /// on several cores (``dataRows(spread:)``).
  init(_ bytes: [UInt8], delimiter: UInt8, from index: Int, line: Int) {
    self.init(bytes, delimiter: delimiter)
    self.index = index
    self.line = line
  }

  /// The file's bytes.
  var text: [UInt8] { bytes }

  private static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")

  /// The next row with something on it, or `nil` at the end.
  package mutating func next() throws(ImportError) -> RawRow? {
    try next(before: bytes.count)
  }

  /// The next row with something on it that starts before `end` (it may run past it), or `nil`.
  mutating func next(before end: Int) throws(ImportError) -> RawRow? {
    while index < end {
      switch bytes[index] {
      case Self.lf:
        index += 1
        line += 1
      case Self.cr:
        index += 1
        if index < bytes.count, bytes[index] == Self.lf { index += 1 }
        line += 1
      default:
        return try record()
      }
    }
    return nil
  }

  private mutating func record() throws(ImportError) -> RawRow {
    let start = line
    var cells: [String] = []
    cells.reserveCapacity(width)
    var lastQuoted = false
    while true {
      var ahead = index
      while ahead < bytes.count, bytes[ahead] == Self.space { ahead += 1 }
      if ahead < bytes.count, bytes[ahead] == Self.quote {
        index = ahead + 1
        cells.append(try quotedCell(startLine: start))
        lastQuoted = true
      } else {
        let from = index
        skipToEndOfCell()
        cells.append(cellText(from..<index))
        lastQuoted = false
      }
      guard index < bytes.count, bytes[index] == delimiter else { break }
      index += 1
    }
    width = cells.count
    if index < bytes.count {
      if bytes[index] == Self.cr, index + 1 < bytes.count, bytes[index + 1] == Self.lf {
        index += 1
      }
      index += 1
      line += 1
    }
    if cells.count == 1, lastQuoted, cells[0].utf8.contains(delimiter) {
      var inner = DelimitedRows(Array(cells[0].utf8), delimiter: delimiter)
      if let row = try? inner.next(), (try? inner.next()) == nil {
        cells = row.cells
      }
    }
    return RawRow(line: start, cells: cells)
  }

  /// A cell after its opening quote, up to the delimiter or the end of the line.
  /// Made from the file's bytes as they are when the cell has no `""` and nothing after its
  /// closing quote (nearly every one): no array gathered first.
  private mutating func quotedCell(startLine: Int) throws(ImportError) -> String {
    var cell: [UInt8] = []
    var from = index
    var closing = index
    while true {
      guard index < bytes.count else {
        throw ImportError(line: startLine, column: nil, reason: "a quoted cell is never closed")
      }
      let byte = bytes[index]
      if byte == Self.quote {
        if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
          cell.append(contentsOf: bytes[from..<index])
          cell.append(Self.quote)
          index += 2
          from = index
          continue
        }
        closing = index
        index += 1
        break
      }
      if byte == Self.lf
        || (byte == Self.cr && !(index + 1 < bytes.count && bytes[index + 1] == Self.lf))
      {
        line += 1
      }
      index += 1
    }
    let tail = index
    skipToEndOfCell()
    if cell.isEmpty && tail == index {
      return cellText(from..<closing)
    }
    cell.append(contentsOf: bytes[from..<closing])
    cell.append(contentsOf: bytes[tail..<index])
    return String(decoding: cell, as: UTF8.self)
  }

  /// The text of `range` of the bytes, made from their buffer: a slice of the array (retaining
  /// it, and letting it go, once a cell) cost a third of splitting, the cores that split a file
  /// in parts all counting on the one array.
  private func cellText(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }

  /// Walked in the bytes' own buffer with a local position: the loop over `self` checked the
  /// array's bounds and stored the position at every byte.
  private mutating func skipToEndOfCell() {
    let (from, delimiter) = (index, delimiter)
    index = bytes.withUnsafeBufferPointer { buffer in
      var at = from
      while at < buffer.count {
        let byte = buffer[at]
        if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
        at += 1
      }
      return at
    }
  }
}
