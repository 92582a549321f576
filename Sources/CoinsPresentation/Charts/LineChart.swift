import CoinsModel

/// A price history drawn as a line: braille dots by default (two columns and four rows of dots
/// per cell, so a year of daily prices at 80 columns keeps about one point in two and the line
/// stays joined however steep), plain ASCII (`/`, `\`, `-`, `|`) on request. Round prices label
/// the left axis, UTC times the bottom one, and the high and low are pointed at with their
/// value and time above and below the plot.
package struct LineChart: Sendable {
  /// Rows of plot (the markers and axes come on top of these).
  package var height: Int
  /// Plain ASCII instead of braille and box drawing.
  package var ascii: Bool
  /// How prices are written.
  package var currency: CurrencyStyle
  /// Color: the line green when the range ended up, red when down.
  package var style: TextStyle

  /// Creates a chart renderer.
  package init(height: Int, ascii: Bool, currency: CurrencyStyle, style: TextStyle) {
    self.height = max(2, height)
    self.ascii = ascii
    self.currency = currency
    self.style = style
  }

  /// The chart in at most `width` cells, or no lines for an empty history; with a
  /// `comparison`, its line too (dotted, dim), on a scale that holds both.
  package func lines(
    _ history: PriceHistory, width: Int, comparison: ChartComparison? = nil
  ) -> [String] {
    guard let summary = history.summary else { return [] }
    let other = comparison?.history.summary
    let axis = PriceAxis(
      low: min(summary.low.price, other?.low.price ?? .infinity),
      high: max(summary.high.price, other?.high.price ?? -.infinity), rows: height,
      currency: currency)
    let indent = axis.labelWidth + 2
    let columns = max(8, width - indent)
    let time = TimeAxis(
      start: summary.first.milliseconds, end: summary.last.milliseconds, columns: columns)
    let color = TextStyle.trend(summary.changeValue)
    var plot =
      ascii
      ? asciiPlot(history, axis: axis, time: time)
      : braillePlot(history, axis: axis, columns: columns)
    if let comparison {
      let second =
        ascii
        ? asciiPlot(comparison.history, axis: axis, time: time).map(Self.dotted)
        : braillePlot(comparison.history, axis: axis, columns: columns, dotted: true)
      plot = zip(plot, second).map { Self.overlay($0, over: $1, color: color, style: style) }
    } else {
      plot = plot.map { Self.colored($0, color, style) }
    }
    let frame = ChartFrame(axis: axis, time: time, ascii: ascii, currency: currency, width: width)
    let lines = frame.lines(
      plot: plot, summary: summary,
      highColumn: time.column(of: summary.high.milliseconds),
      lowColumn: time.column(of: summary.low.milliseconds))
    return comparison.map { [$0.legend(ascii: ascii)] + lines } ?? lines
  }

  /// A row of `mine` over `theirs`: each cell of the chart's own line (in its trend's color)
  /// where it has one, else the comparison's (dim).
  static func overlay(
    _ mine: String, over theirs: String, color: TextStyle.Color?, style: TextStyle
  ) -> String {
    var result = ""
    var run = ""
    var runIsMine = true
    func flush() {
      guard !run.isEmpty else { return }
      let trimmed = run.allSatisfy { $0 == " " }
      result += trimmed ? run : style.apply(runIsMine ? color : .dim, to: run)
      run = ""
    }
    let theirs = Array(theirs)
    for (index, cell) in mine.enumerated() {
      let isMine = cell != " "
      let shown = isMine ? cell : index < theirs.count ? theirs[index] : " "
      if shown != " ", isMine != runIsMine {
        flush()
        runIsMine = isMine
      }
      run.append(shown)
    }
    flush()
    return ChartFrame.trimmed(result)
  }

  /// An ASCII line as dots: every mark becomes `.`.
  static func dotted(_ row: String) -> String {
    String(row.map { $0 == " " ? " " : "." })
  }

  private func braillePlot(
    _ history: PriceHistory, axis: PriceAxis, columns: Int, dotted: Bool = false
  ) -> [String] {
    var canvas = BrailleCanvas(columns: columns, rows: height)
    guard let first = history.points.first, let last = history.points.last else { return [] }
    let span = Double(last.milliseconds - first.milliseconds)
    func dot(_ point: PricePoint) -> (x: Double, y: Double) {
      let fraction = span > 0 ? Double(point.milliseconds - first.milliseconds) / span : 0.5
      return (
        fraction * Double(canvas.width - 1), axis.position(of: point.price, units: canvas.height)
      )
    }
    var previous = dot(first)
    canvas.line(from: previous, to: previous)
    for point in history.points.dropFirst() {
      let next = dot(point)
      canvas.line(from: previous, to: next)
      previous = next
    }
    if dotted { canvas.thin() }
    return (0..<height).map(canvas.text(row:))
  }

  private func asciiPlot(_ history: PriceHistory, axis: PriceAxis, time: TimeAxis) -> [String] {
    let columns = time.columns
    guard let summary = history.summary else { return [] }
    // Each column's price: the high or low when it falls there, else the column's last point,
    // else (between sparse points) the price in effect at that moment.
    var values = [Double?](repeating: nil, count: columns)
    for point in history.points {
      let column = time.column(of: point.milliseconds)
      let isExtreme = values[column] == summary.high.price || values[column] == summary.low.price
      if !isExtreme { values[column] = point.price }
      if point == summary.high || point == summary.low { values[column] = point.price }
    }
    // Columns between sparse points: the straight line between the columns on either side.
    let known = values.indices.filter { values[$0] != nil }
    let rowsOf: [Int] = (0..<columns).map { column in
      if let value = values[column] { return axis.row(of: value) }
      let before = known.last { $0 < column }
      let after = known.first { $0 > column }
      guard let before, let after, let a = values[before], let b = values[after] else {
        return axis.row(of: values[before ?? after ?? 0] ?? summary.last.price)
      }
      return axis.row(of: a + (b - a) * Double(column - before) / Double(after - before))
    }
    var grid = [[Character]](
      repeating: [Character](repeating: " ", count: columns), count: height)
    for column in 0..<columns {
      let row = rowsOf[column]
      let next = column + 1 < columns ? rowsOf[column + 1] : row
      grid[height - 1 - row][column] = next > row ? "/" : next < row ? "\\" : "-"
      if abs(next - row) > 1 {
        for between in (min(row, next) + 1)..<max(row, next) {
          grid[height - 1 - between][column] = "|"
        }
      }
    }
    return grid.map { String($0) }
  }

  static func colored(_ row: String, _ color: TextStyle.Color?, _ style: TextStyle) -> String {
    style.apply(color, to: ChartFrame.trimmed(row))
  }
}
