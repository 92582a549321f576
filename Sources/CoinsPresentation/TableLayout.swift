import CoinsModel

/// Lays out columns of cells to fit a terminal width: long titles are shortened and columns
/// give way in a set order (dropped, or put under their row), the identifying one never cut,
/// and the flexible ones (names, charts) share the room left.
public struct TableLayout: Sendable {
  /// One column: a header, its cells, how it aligns and how it gives way when room runs out.
  public struct Column: Sendable {
    /// The header text.
    public var header: String {
      didSet { headerWidth = DisplayWidth.of(header) }
    }
    /// One cell per row, plain text.
    public var cells: [String] {
      didSet { cellsWidth = Self.widest(cells) }
    }
    /// The header's width and the widest cell's, in terminal cells: measured once, since the
    /// layout asks for them many times.
    private var headerWidth: Int
    private var cellsWidth: Int
    /// The widest of the header and the cells.
    var naturalWidth: Int { max(headerWidth, cellsWidth) }
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
    /// Whether this column says which row is which (a symbol, an id): it is never cut nor
    /// dropped, whatever the width.
    public var identifying: Bool
    /// Whether, when this column gives way, each of its cells goes on a line of its own under
    /// its row (`    Wallet: ledger`) instead of being lost.
    public var wrapsUnderRow: Bool
    /// A shorter header, used when the table does not fit with the full ones (`P/L` for
    /// `Realized P/L`): the first thing a table gives up.
    public var shortHeader: String?

    /// Creates a column.
    public init(
      header: String, cells: [String], colors: [TextStyle.Color?] = [], alignRight: Bool = false,
      flexible: ClosedRange<Int>? = nil, dropOrder: Int? = nil,
      cellsForWidth: (@Sendable (Int) -> [String])? = nil, comfortableWidth: Int? = nil,
      identifying: Bool = false, wrapsUnderRow: Bool = false, shortHeader: String? = nil
    ) {
      self.comfortableWidth = comfortableWidth
      self.cellsForWidth = cellsForWidth
      self.header = header
      self.cells = cells
      self.headerWidth = DisplayWidth.of(header)
      self.cellsWidth = Self.widest(cells)
      self.identifying = identifying
      self.wrapsUnderRow = wrapsUnderRow
      self.shortHeader = shortHeader
      self.colors = colors
      self.alignRight = alignRight
      self.flexible = flexible
      self.dropOrder = dropOrder
    }

    /// Widened to fit cells of `width` measured elsewhere (by the ``TableLayout/Part`` that
    /// made them).
    mutating func widen(toFit width: Int) {
      cellsWidth = max(cellsWidth, width)
    }

    private static func widest(_ cells: [String]) -> Int {
      cells.reduce(0) { max($0, DisplayWidth.of($1)) }
    }

    /// Whether the layout may drop this column, and when: its drop order, if it is not the
    /// identifying one.
    var givingWayOrder: Int? { identifying ? nil : dropOrder }

    /// The narrowest this column may be drawn.
    var minimumWidth: Int {
      guard let flexible, !identifying else { return naturalWidth }
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
      guard let flexible, !identifying else { return naturalWidth }
      return min(naturalWidth, flexible.upperBound)
    }
  }

  /// Spaces between columns.
  public static let gap = 2

  /// The columns that fit in `width` and the width each gets (with their short headers when the
  /// table needed them).
  public static func fit(_ columns: [Column], width: Int) -> [(column: Column, width: Int)] {
    drawn(columns, fitted(columns, width: width))
  }

  /// The kept columns of `layout` as they are drawn: short headers, charts at their width.
  private static func drawn(
    _ columns: [Column], _ layout: (kept: [(index: Int, width: Int)], abbreviated: Bool)
  ) -> [(column: Column, width: Int)] {
    layout.kept.map { index, width in
      var drawn = columns[index]
      if layout.abbreviated, let short = drawn.shortHeader { drawn.header = short }
      if let draw = drawn.cellsForWidth { drawn.cells = draw(width) }
      return (drawn, width)
    }
  }

  /// The places in `columns` of those that fit in `width`, in order, and the width each gets;
  /// and whether the headers are the short ones.
  ///
  /// A table gives way in this order: the columns' short headers; then columns by their drop
  /// order (a wrapping one goes under its row), lowest first, also to let a flexible column
  /// have its comfortable width; then, if the table is still too wide, the flexible columns
  /// that have no drop order, the rightmost first. No column is drawn narrower than its
  /// minimum — none is cut to `…` alone — and the identifying one is never cut nor dropped:
  /// what is left past that runs over the width.
  static func fitted(_ columns: [Column], width: Int) -> (
    kept: [(index: Int, width: Int)], abbreviated: Bool
  ) {
    var kept = columns
    var places = Array(columns.indices)
    func total(_ width: (Column) -> Int) -> Int {
      kept.reduce(0) { $0 + width($1) } + gap * max(0, kept.count - 1)
    }
    func drop(_ index: Int) {
      kept.remove(at: index)
      places.remove(at: index)
    }
    let abbreviated =
      total(\.minimumWidth) > width && kept.contains { $0.shortHeader != nil }
    if abbreviated {
      for index in kept.indices {
        if let short = kept[index].shortHeader { kept[index].header = short }
      }
    }
    func order(_ index: Int) -> Int { kept[index].givingWayOrder! }
    while total(\.minimumWidth) > width,
      let victim = kept.indices.filter({ kept[$0].givingWayOrder != nil }).min(by: {
        order($0) < order($1)
      })
    {
      drop(victim)
    }
    // Columns that would be dropped before a flexible one also give way so that it is readable,
    // not merely present (a name cut to six cells says little).
    // A flexible column without a comfortable width counts at the width it will grow to.
    while total(\.comfortableTarget) > width {
      let protected = kept.filter { $0.comfortableWidth != nil }.compactMap(\.givingWayOrder).min()
      guard let protected,
        let victim = kept.indices.filter({ (kept[$0].givingWayOrder ?? .max) < protected })
          .min(by: { order($0) < order($1) })
      else { break }
      drop(victim)
    }
    while total(\.minimumWidth) > width,
      let victim = kept.indices.last(where: { kept[$0].flexible != nil && !kept[$0].identifying })
    {
      drop(victim)
    }
    var widths = kept.map(\.minimumWidth)
    var spare = width - total(\.minimumWidth)
    // First each flexible column up to its comfortable width, which the dropping above made
    // room for; then they grow one cell at a time in turn, so a long name cannot starve the
    // chart.
    for index in kept.indices where kept[index].flexible != nil && spare > 0 {
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
    return (Array(zip(places, widths)), abbreviated)
  }

  /// The table as lines: a header line, then one line per row, each followed by the cells of
  /// the wrapping columns that gave way, one line each; no trailing spaces.
  public static func render(_ columns: [Column], width: Int, style: TextStyle) -> [String] {
    var lines: [String] = []
    forEachLine(columns, width: width, style: style) { line, under in
      lines.append(line)
      lines.append(contentsOf: under)
    }
    return lines
  }

  /// ``render(_:width:style:)``'s lines in groups: the header line alone, then each row's line
  /// with the lines under it (none without columns).
  package static func lineGroups(_ columns: [Column], width: Int, style: TextStyle)
    -> [[String]]
  {
    var groups: [[String]] = []
    forEachLine(columns, width: width, style: style) { groups.append([$0] + $1) }
    return groups
  }

  /// Calls `body` with the header line, then with each row's line, each with the lines that go
  /// under it: `    Wallet: ledger` for each wrapping column that gave way and has a cell there.
  private static func forEachLine(
    _ columns: [Column], width: Int, style: TextStyle, _ body: (String, [String]) -> Void
  ) {
    let layout = fitted(columns, width: width)
    let keptPlaces = Set(layout.kept.map(\.index))
    let under = columns.indices.filter { columns[$0].wrapsUnderRow && !keptPlaces.contains($0) }
    let drawing = Drawing(drawn(columns, layout), style: style)
    var line: [UInt8] = []
    var row = -1
    drawing.forEachLine { append in
      line.removeAll(keepingCapacity: true)
      append(&line)
      var lines: [String] = []
      for place in under where row >= 0 && row < columns[place].cells.count {
        let cell = columns[place].cells[row]
        guard !cell.isEmpty else { continue }
        let text = "    \(columns[place].header): \(cell)"
        lines.append(DisplayWidth.truncate(text, to: max(width, 20)))
      }
      body(String(decoding: line, as: UTF8.self), lines)
      row += 1
    }
  }
}
