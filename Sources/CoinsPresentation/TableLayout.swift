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

    /// Widened to fit cells of `width` measured elsewhere (by the ``TableLayout/Part`` that
    /// made them).
    mutating func widen(toFit width: Int) {
      naturalWidth = max(naturalWidth, width)
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
    fitted(columns, width: width).map { index, width in
      var drawn = columns[index]
      if let draw = drawn.cellsForWidth { drawn.cells = draw(width) }
      return (drawn, width)
    }
  }

  /// The places in `columns` of those that fit in `width`, in order, and the width each gets.
  static func fitted(_ columns: [Column], width: Int) -> [(index: Int, width: Int)] {
    var kept = columns
    var places = Array(columns.indices)
    func minimumTotal() -> Int {
      kept.reduce(0) { $0 + $1.minimumWidth } + gap * max(0, kept.count - 1)
    }
    while minimumTotal() > width,
      let victim = kept.indices.filter({ kept[$0].dropOrder != nil })
        .min(by: { kept[$0].dropOrder! < kept[$1].dropOrder! })
    {
      kept.remove(at: victim)
      places.remove(at: victim)
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
      places.remove(at: victim)
    }
    var widths = kept.map(\.minimumWidth)
    var spare = width - minimumTotal()
    // First each flexible column up to its comfortable width, which the dropping above made
    // room for; then they grow one cell at a time in turn, so a long name cannot starve the
    // chart. A table too wide even so (no column left may drop) takes the room it lacks from
    // the flexible columns, below their minimum if need be, but leaves each at least one cell:
    // cut to "…", it still says something was there.
    for index in kept.indices where kept[index].flexible != nil {
      let added =
        spare < 0
        ? -min(-spare, max(0, widths[index] - 1))
        : min(spare, max(0, kept[index].comfortableTarget - widths[index]))
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
    return Array(zip(places, widths))
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
}
