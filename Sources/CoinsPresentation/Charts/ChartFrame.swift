import CoinsModel

/// What the line and the candle charts share around their plot: the high's marker above it,
/// the price labels and axis on its left, the low's marker below it, then the time rule and its
/// labels. Trailing spaces are trimmed from every line.
struct ChartFrame {
  /// The vertical scale and its labels.
  let axis: PriceAxis
  /// The time scale under the plot.
  let time: TimeAxis
  /// Plain ASCII.
  let ascii: Bool
  /// How the markers write prices.
  let currency: CurrencyStyle
  /// The cells the whole chart may use.
  let width: Int

  /// Where the plot starts: after the labels, a space and the axis.
  var indent: Int { axis.labelWidth + 2 }

  /// The framed chart: `plot` holds the plot's rows, top first (already colored); the high and
  /// the low are pointed at in the given plot columns, with their value and time (the date
  /// alone for histories spanning more than 90 days, which are daily).
  func lines(plot: [String], summary: HistorySummary, highColumn: Int, lowColumn: Int)
    -> [String]
  {
    let daily = summary.last.milliseconds - summary.first.milliseconds > 90 * 86_400_000
    var lines = [marker(summary.high, up: false, column: highColumn, daily: daily)]
    for (index, row) in plot.enumerated() {
      let label = axis.labels[plot.count - 1 - index]
      let tick = ascii ? (label == nil ? "|" : "+") : (label == nil ? "│" : "┤")
      lines.append(
        DisplayWidth.pad(label ?? "", to: axis.labelWidth, alignRight: true) + " " + tick + row)
    }
    lines.append(marker(summary.low, up: true, column: lowColumn, daily: daily))
    let (rule, labels) = time.lines(ascii: ascii)
    lines.append(String(repeating: " ", count: indent - 1) + (ascii ? "+" : "└") + rule)
    if !labels.isEmpty { lines.append(String(repeating: " ", count: indent) + labels) }
    return lines.map(Self.trimmed)
  }

  private func marker(_ point: PricePoint, up: Bool, column: Int, daily: Bool) -> String {
    let text =
      NumberFormat.price(point.price, currency: currency) + " "
      + ChartTime.moment(
        daily ? point.milliseconds : ChartTime.shown(point.milliseconds), daily: daily)
    let arrow = ascii ? (up ? "^" : "v") : (up ? "▲" : "▼")
    return ChartMarker.line(
      arrow: arrow, text: text, column: column, indent: indent, width: width)
  }

  /// `line` without trailing spaces.
  static func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
