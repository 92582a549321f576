import CoinsModel

/// Lays out columns of cells to fit a terminal width: columns are dropped in a set order
/// instead of wrapping, and the flexible ones (names, charts) share the room left.
public struct TableLayout: Sendable {
  /// One column: a header, its cells, how it aligns and how it may shrink.
  public struct Column: Sendable {
    /// The header text.
    public var header: String {
      didSet { naturalWidth = Self.widest(header, cells) }
    }
    /// One cell per row, plain text.
    public var cells: [String] {
      didSet { naturalWidth = Self.widest(header, cells) }
    }
    /// The widest of the header and the cells, in terminal cells: measured once, since the
    /// layout asks for it many times.
    private(set) var naturalWidth: Int
    /// A color per row (`nil` for none).
    public var colors: [TextStyle.Color?]
    /// Whether cells are right-aligned (numbers).
    public var alignRight: Bool
    /// For a flexible column, the narrowest it may become and the widest it wants to be.
    public var flexible: ClosedRange<Int>?
    /// When space runs out, columns with a lower number are dropped first; `nil` never drops.
    public var dropOrder: Int?
    /// Draws the cells for a given width (charts), instead of cutting fixed cells.
    public var cellsForWidth: (@Sendable (Int) -> [String])?
    /// For a flexible column, the width below which it is hard to read: columns dropped before
    /// it give way so that it gets at least this much.
    public var comfortableWidth: Int?

    /// Creates a column.
    public init(
      header: String, cells: [String], colors: [TextStyle.Color?] = [], alignRight: Bool = false,
      flexible: ClosedRange<Int>? = nil, dropOrder: Int? = nil,
      cellsForWidth: (@Sendable (Int) -> [String])? = nil, comfortableWidth: Int? = nil
    ) {
      self.comfortableWidth = comfortableWidth
      self.cellsForWidth = cellsForWidth
      self.header = header
      self.cells = cells
      self.naturalWidth = Self.widest(header, cells)
      self.colors = colors
      self.alignRight = alignRight
      self.flexible = flexible
      self.dropOrder = dropOrder
    }

    private static func widest(_ header: String, _ cells: [String]) -> Int {
      cells.reduce(DisplayWidth.of(header)) { max($0, DisplayWidth.of($1)) }
    }

    /// The narrowest this column may be drawn.
    var minimumWidth: Int {
      guard let flexible else { return naturalWidth }
      return min(naturalWidth, flexible.lowerBound)
    }

    /// The width the layout makes room for before dropping fewer columns: the comfortable
    /// width (or, without one, the preferred width), never below the minimum nor above the
    /// preferred width.
    var comfortableTarget: Int {
      max(minimumWidth, min(comfortableWidth ?? preferredWidth, preferredWidth))
    }

    /// The widest this column wants to be.
    var preferredWidth: Int {
      guard let flexible else { return naturalWidth }
      return min(naturalWidth, flexible.upperBound)
    }
  }

  /// Spaces between columns.
  public static let gap = 2

  /// The columns that fit in `width` and the width each gets.
  public static func fit(_ columns: [Column], width: Int) -> [(column: Column, width: Int)] {
    var kept = columns
    func minimumTotal() -> Int {
      kept.reduce(0) { $0 + $1.minimumWidth } + gap * max(0, kept.count - 1)
    }
    while minimumTotal() > width,
      let victim = kept.indices.filter({ kept[$0].dropOrder != nil })
        .min(by: { kept[$0].dropOrder! < kept[$1].dropOrder! })
    {
      kept.remove(at: victim)
    }
    // Columns that would be dropped before a flexible one also give way so that it is readable,
    // not merely present (a name cut to six cells says little).
    // A flexible column without a comfortable width counts at the width it will grow to.
    func comfortableTotal() -> Int {
      kept.reduce(0) { $0 + $1.comfortableTarget } + gap * max(0, kept.count - 1)
    }
    while comfortableTotal() > width {
      let protected = kept.filter { $0.comfortableWidth != nil }.compactMap(\.dropOrder).min()
      guard let protected,
        let victim = kept.indices.filter({ (kept[$0].dropOrder ?? .max) < protected })
          .min(by: { kept[$0].dropOrder! < kept[$1].dropOrder! })
      else { break }
      kept.remove(at: victim)
    }
    var widths = kept.map(\.minimumWidth)
    var spare = width - minimumTotal()
    // First each flexible column up to its comfortable width, which the dropping above made
    // room for; then they grow one cell at a time in turn, so a long name cannot starve the
    // chart.
    for index in kept.indices where kept[index].flexible != nil {
      let added = min(spare, max(0, kept[index].comfortableTarget - widths[index]))
      widths[index] += added
      spare -= added
    }
    var growing = kept.indices.filter { kept[$0].flexible != nil }
    while spare > 0 && !growing.isEmpty {
      growing.removeAll { widths[$0] >= kept[$0].preferredWidth }
      for index in growing where spare > 0 {
        widths[index] += 1
        spare -= 1
      }
    }
    return zip(kept, widths).map { column, width in
      var drawn = column
      if let draw = column.cellsForWidth { drawn.cells = draw(width) }
      return (drawn, width)
    }
  }

  /// The table as lines: a header line, then one line per row; no trailing spaces.
  public static func render(_ columns: [Column], width: Int, style: TextStyle) -> [String] {
    let drawing = Drawing(fit(columns, width: width), style: style)
    var lines: [String] = []
    var line: [UInt8] = []
    drawing.forEachLine { append in
      line.removeAll(keepingCapacity: true)
      append(&line)
      lines.append(String(decoding: line, as: UTF8.self))
    }
    return lines
  }

  /// Appends the table's UTF-8 to `output`: the lines ``render(_:width:style:)`` gives, each
  /// followed by a newline, written straight into those bytes (a gains report's table has tens
  /// of thousands of rows: no string per line).
  public static func write(
    _ columns: [Column], width: Int, style: TextStyle, into output: inout [UInt8]
  ) {
    let drawing = Drawing(fit(columns, width: width), style: style)
    guard let rows = drawing.rows else { return }
    drawing.appendHeader(to: &output)
    output.append(UInt8(ascii: "\n"))
    // A long table (a gains report of tens of thousands of sales) in runs of rows, on every
    // core.
    let parts = Parallel.runs(of: rows, threshold: 10_000) { run in
      var bytes: [UInt8] = []
      for row in run {
        drawing.appendRow(row, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
      return bytes
    }
    for part in parts { output.append(contentsOf: part) }
  }

  /// The fitted columns drawn line by line, as UTF-8: their parts held apart, and the cells
  /// in one array (column after column), so that drawing a cell copies no column and retains
  /// no array (both cores drawing rows would pass the same arrays' counts back and forth).
  private struct Drawing: Sendable {
    let headers: [String]
    /// Column after column, each ``rows`` long.
    let cells: [String]
    /// As ``cells``; `nil` for no color.
    let colors: [TextStyle.Color?]
    let widths: [Int]
    let alignsRight: [Bool]
    let style: TextStyle
    /// The number of rows; `nil` without columns.
    let rows: Int?

    init(_ fitted: [(column: Column, width: Int)], style: TextStyle) {
      headers = fitted.map(\.column.header)
      let rows = fitted.first?.column.cells.count
      let count = rows ?? 0
      var cells: [String] = []
      var colors: [TextStyle.Color?] = []
      cells.reserveCapacity(fitted.count * count)
      colors.reserveCapacity(fitted.count * count)
      for (column, _) in fitted {
        // Each column made `count` long: what one lacks is blank.
        cells.append(contentsOf: column.cells.prefix(count))
        cells.append(contentsOf: repeatElement("", count: count - min(column.cells.count, count)))
        colors.append(contentsOf: column.colors.prefix(count))
        colors.append(
          contentsOf: repeatElement(nil, count: count - min(column.colors.count, count)))
      }
      self.cells = cells
      self.colors = colors
      self.rows = rows
      widths = fitted.map(\.width)
      alignsRight = fitted.map(\.column.alignRight)
      self.style = style
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
      append(to: &output) { index in (cells[index * rows + row], colors[index * rows + row]) }
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
