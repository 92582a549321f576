import CoinsModel

/// OHLC candles, one column each with a blank column between: the wick (`│`, `|`) from low to
/// high, the body from open to close — `█` (ASCII `#`) for a candle that closed up, `░` (ASCII
/// `=`) for one that closed down, green and red when color is on. When there are more candles
/// than fit, neighbours are merged (``CandleSeries/fitted(to:)``) and ``Drawing/factor`` says by
/// how many. Axes and high/low markers as ``LineChart``'s.
package struct CandleChart: Sendable {
  /// Rows of plot.
  package var height: Int
  /// Plain ASCII instead of block and box drawing characters.
  package var ascii: Bool
  /// How prices are written.
  package var currency: CurrencyStyle
  /// Color: up candles green, down candles red.
  package var style: TextStyle

  /// What was drawn.
  package struct Drawing: Sendable, Equatable {
    /// The chart's lines.
    package var lines: [String]
    /// How many candles each drawn candle merges (1: none merged).
    package var factor: Int
  }

  /// Creates a candle renderer.
  package init(height: Int, ascii: Bool, currency: CurrencyStyle, style: TextStyle) {
    self.height = max(2, height)
    self.ascii = ascii
    self.currency = currency
    self.style = style
  }

  /// The legend for the header: `█ up ░ down`.
  package var legend: String {
    ascii ? "# up, = down" : "█ up, ░ down"
  }

  /// The candles in at most `width` cells; `nil` when there are none.
  package func draw(_ series: CandleSeries, width: Int) -> Drawing? {
    guard let summary = series.summary else { return nil }
    let axis = PriceAxis(
      low: summary.low.price, high: summary.high.price, rows: height, currency: currency)
    let indent = axis.labelWidth + 2
    let columns = max(8, width - indent)
    let factor = Self.factor(
      count: series.candles.count, fit: (columns + 1) / 2, width: series.width)
    let candles = series.merged(by: factor)
    guard let first = candles.first, let last = candles.last else { return nil }
    let (bodyWidth, used) = Self.layout(count: candles.count, columns: columns)
    let half = (bodyWidth - 1) / 2
    // The time axis runs over the whole width, half a body beyond the first and the last
    // candle, so the candles' centres sit on it and the chart fills the terminal.
    let perColumn =
      Double(last.milliseconds - first.milliseconds) / Double(max(1, used - 1 - 2 * half))
    let margin = Int64((perColumn * Double(half)).rounded())
    let time = TimeAxis(
      start: first.milliseconds - margin, end: last.milliseconds + margin, columns: used)
    let centres = candles.map { time.column(of: $0.milliseconds) }
    var grid = [[Cell]](repeating: [Cell](repeating: Cell(), count: used), count: height)
    for (candle, centre) in zip(candles, centres) {
      let bodyLow = axis.row(of: min(candle.open, candle.close))
      let bodyHigh = axis.row(of: max(candle.open, candle.close))
      let glyph: Character = candle.isUp ? (ascii ? "#" : "█") : (ascii ? "=" : "░")
      let color: TextStyle.Color = candle.isUp ? .green : .red
      for row in axis.row(of: candle.low)...axis.row(of: candle.high) {
        let inBody = row >= bodyLow && row <= bodyHigh
        for column in (centre - half)...(centre + half) where inBody || column == centre {
          grid[height - 1 - row][column] = Cell(
            glyph: inBody ? glyph : (ascii ? "|" : "│"), color: color)
        }
      }
    }
    func column(of moment: Int64) -> Int {
      centres[candles.firstIndex { $0.milliseconds >= moment } ?? 0]
    }
    let frame = ChartFrame(axis: axis, time: time, ascii: ascii, currency: currency, width: width)
    let lines = frame.lines(
      plot: grid.map(joined), summary: summary,
      highColumn: column(of: summary.high.milliseconds),
      lowColumn: column(of: summary.low.milliseconds))
    return Drawing(lines: lines, factor: factor)
  }

  /// One cell of the plot: a glyph and its color.
  private struct Cell {
    var glyph: Character = " "
    var color: TextStyle.Color?
  }

  /// A row of cells, each run of one color colored once (a wide body is one run).
  private func joined(_ cells: [Cell]) -> String {
    var line = ""
    var index = cells.startIndex
    while index < cells.endIndex {
      let color = cells[index].color
      var end = index
      while end < cells.endIndex, cells[end].color == color { end += 1 }
      let run = String(cells[index..<end].map(\.glyph))
      line += color.map { style.apply($0, to: run) } ?? run
      index = end
    }
    return line
  }

  /// How wide each candle's body is and how many columns the candles take: spread evenly over
  /// all `columns`, with bodies 5, 3 or 1 cells wide — the widest that leaves a blank column
  /// between neighbours. One candle takes one column.
  package static func layout(count: Int, columns: Int) -> (bodyWidth: Int, used: Int) {
    guard count > 1 else { return (1, 1) }
    for width in [5, 3] {
      let half = (width - 1) / 2
      let spacing = Double(columns - 1 - 2 * half) / Double(count - 1)
      if spacing >= Double(width + 1) { return (width, columns) }
    }
    return (1, max(count * 2 - 1, columns))
  }

  /// Widths merged candles are rounded up to when that costs at most half again as many
  /// merges: an hour, 2, 3, 4, 6, 8 or 12 hours, a day, 2, 3, 4 days, a week, 8 days, …
  static let roundWidths: [Int64] =
    [1, 2, 3, 4, 6, 8, 12].map { Int64($0) * 3_600_000 }
    + [1, 2, 3, 4, 7, 8, 12, 14, 16, 28, 32, 56, 64, 91, 182, 364].map { Int64($0) * 86_400_000 }

  /// How many candles to merge into one so that `count` fit in `fit` columns: the least that
  /// fits, raised to give a round width when one is near.
  static func factor(count: Int, fit: Int, width: Int64?) -> Int {
    let fit = max(1, fit)
    guard count > fit else { return 1 }
    let least = (count + fit - 1) / fit
    guard let width, width > 0 else { return least }
    for round in roundWidths where round % width == 0 {
      let factor = Int(round / width)
      if factor >= least && factor * 2 <= least * 3 { return factor }
    }
    return least
  }

  /// A candle width as people say it: `30 min`, `4 h`, `1 day`, `12 days`.
  package static func widthText(milliseconds: Int64) -> String {
    let minutes = milliseconds / 60_000
    if minutes < 60 { return "\(minutes) min" }
    if minutes < 24 * 60 || minutes % (24 * 60) != 0 {
      let hours = Double(minutes) / 60
      return hours == hours.rounded() ? "\(Int(hours)) h" : "\(minutes) min"
    }
    let days = minutes / (24 * 60)
    return days == 1 ? "1 day" : "\(days) days"
  }
}
