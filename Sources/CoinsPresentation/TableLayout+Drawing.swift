import CoinsModel
import CoinsSupport

extension TableLayout {
  /// Rows of a table made in parts, one per core (a gains report has tens of thousands):
  /// each part's cells column by column, measured as they were made.
  package struct Part: Sendable {
    /// One array per column, each as long as the part has rows.
    package var cells: [[String]]
    /// The widest cell of each column, in terminal cells.
    package var widths: [Int]

    /// `columns` empty columns.
    package init(columns: Int) {
      cells = [[String]](repeating: [], count: columns)
      widths = [Int](repeating: 0, count: columns)
    }

    /// Adds `text` to `column`.
    package mutating func append(_ text: String, to column: Int) {
      cells[column].append(text)
      widths[column] = max(widths[column], DisplayWidth.of(text))
    }
  }

  /// Appends the table of `columns` (their headers and alignment; their cells are `parts`'s)
  /// to `output` as UTF-8: the lines ``render(_:width:style:)`` gives for the parts joined, each
  /// followed by a newline. Each part is drawn on a core of its own, straight into bytes: the
  /// parts are never joined, nor a string made per line. Plain text only: the columns' colors
  /// and ``Column/cellsForWidth`` are not drawn.
  package static func write(
    _ columns: [Column], parts: [Part], width: Int, style: TextStyle, into output: inout [UInt8]
  ) {
    var measured = columns
    for index in measured.indices {
      measured[index].widen(
        toFit: parts.reduce(0) { max($0, index < $1.widths.count ? $1.widths[index] : 0) })
    }
    let layout = fitted(measured, width: width)
    let kept = layout.kept
    guard let first = kept.first else { return }
    let headers = kept.map { place in
      layout.abbreviated
        ? columns[place.index].shortHeader ?? columns[place.index].header
        : columns[place.index].header
    }
    let (widths, alignsRight) = (kept.map(\.width), kept.map { columns[$0.index].alignRight })
    Drawing(
      headers: headers, columns: [], rows: 0, widths: widths, alignsRight: alignsRight,
      style: style
    )
    .appendHeader(to: &output)
    output.append(UInt8(ascii: "\n"))
    // A part has as many rows as its first column kept has cells (as ``render`` counts them).
    @Sendable func rows(of part: Part) -> Int {
      first.index < part.cells.count ? part.cells[first.index].count : 0
    }
    let drawn = Parallel.map(parts, weight: rows, threshold: 10_000) { part -> [UInt8] in
      let rows = rows(of: part)
      // This part's cells laid end to end on its own core.
      let drawing = Drawing(
        headers: headers,
        columns: kept.map { $0.index < part.cells.count ? part.cells[$0.index] : [] },
        rows: rows, widths: widths, alignsRight: alignsRight, style: style)
      var bytes: [UInt8] = []
      for row in 0..<rows {
        drawing.appendRow(row, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
      return bytes
    }
    for part in drawn { output.append(contentsOf: part) }
  }

  /// The fitted columns drawn line by line, as UTF-8: their parts held apart, and the cells
  /// in one array (column after column), so that drawing a cell copies no column and retains
  /// no array (both cores drawing rows would pass the same arrays' counts back and forth).
  struct Drawing: Sendable {
    let headers: [String]
    /// Column after column, each ``rows`` long.
    let cells: [String]
    /// As ``cells``, or empty for none; `nil` for no color.
    let colors: [TextStyle.Color?]
    let widths: [Int]
    let alignsRight: [Bool]
    let style: TextStyle
    /// The number of rows; `nil` without columns.
    let rows: Int?

    /// The fitted columns, each cut or made blank to the first one's number of cells.
    init(_ fitted: [(column: Column, width: Int)], style: TextStyle) {
      headers = fitted.map(\.column.header)
      let rows = fitted.first?.column.cells.count
      cells = Self.endToEnd(fitted.map(\.column.cells), rows: rows ?? 0, blank: "")
      colors = Self.endToEnd(fitted.map(\.column.colors), rows: rows ?? 0, blank: nil)
      self.rows = rows
      widths = fitted.map(\.width)
      alignsRight = fitted.map(\.column.alignRight)
      self.style = style
    }

    /// The rows of one part of a table: `columns` of cells each cut or made blank to `rows`,
    /// with no colors.
    init(
      headers: [String], columns: [[String]], rows: Int, widths: [Int], alignsRight: [Bool],
      style: TextStyle
    ) {
      (self.headers, self.rows, self.colors) = (headers, rows, [])
      cells = Self.endToEnd(columns, rows: rows, blank: "")
      (self.widths, self.alignsRight, self.style) = (widths, alignsRight, style)
    }

    /// `columns` one after another in one array, each cut to `rows` or made that long with
    /// `blank`s (a column short of cells is blank where it has none).
    private static func endToEnd<Element>(
      _ columns: [[Element]], rows: Int, blank: Element
    ) -> [Element] {
      var all: [Element] = []
      all.reserveCapacity(columns.count * rows)
      for column in columns {
        all.append(contentsOf: column.prefix(rows))
        all.append(contentsOf: repeatElement(blank, count: rows - min(column.count, rows)))
      }
      return all
    }

    /// Calls `body` once per line, header first, with a function that appends that line.
    func forEachLine(_ body: ((inout [UInt8]) -> Void) -> Void) {
      guard let rows else { return }
      body { appendHeader(to: &$0) }
      for row in 0..<rows {
        body { appendRow(row, to: &$0) }
      }
    }

    /// Appends the header line, without its newline.
    func appendHeader(to output: inout [UInt8]) {
      append(to: &output) { (headers[$0], .bold) }
    }

    /// Appends the line of `row`, without its newline.
    func appendRow(_ row: Int, to output: inout [UInt8]) {
      let rows = self.rows ?? 0
      append(to: &output) { index in
        (cells[index * rows + row], colors.isEmpty ? nil : colors[index * rows + row])
      }
    }

    /// Appends one line of `cell`s to `output`, without its trailing spaces.
    private func append(
      to output: inout [UInt8], _ cell: (Int) -> (text: String, color: TextStyle.Color?)
    ) {
      let start = output.count
      func put(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
      }
      func pad(_ count: Int) {
        for _ in 0..<count { output.append(UInt8(ascii: " ")) }
      }
      for index in widths.indices {
        let (text, color) = cell(index)
        let width = widths[index]
        let alignRight = alignsRight[index]
        // Measured once: most cells fit as they are.
        let cells = DisplayWidth.of(text)
        let cut = cells > width ? DisplayWidth.truncate(text, to: width) : text
        let isLast = index == widths.count - 1
        let missing = width - (cells > width ? DisplayWidth.of(cut) : cells)
        if index > 0 { pad(gap) }
        guard !(isLast && !alignRight), missing > 0 else {
          put(style.apply(color, to: cut))
          continue
        }
        // A color wraps the padded text, as before; without one the pieces go in as they are.
        if color == nil || !style.enabled {
          if alignRight { pad(missing) }
          put(cut)
          if !alignRight { pad(missing) }
        } else {
          let padding = String(repeating: " ", count: missing)
          put(style.apply(color, to: alignRight ? padding + cut : cut + padding))
        }
      }
      while output.count > start, output.last == UInt8(ascii: " ") { output.removeLast() }
    }
  }
}
