import CoinsModel

/// The line under a chart: `First $57,189.17 · Last $107,739.26 · Change +88.39% (+$50,550.09)
/// · High $111,560.36 · Low $53,923.36 · Average $82,345.67`, wrapped between its parts when
/// it is wider than the terminal.
package enum ChartSummary {
  /// The summary's lines in at most `width` cells (a part wider than that stays whole).
  package static func lines(
    _ summary: HistorySummary, currency: CurrencyStyle, style: TextStyle, width: Int,
    firstLabel: String = "First", lastLabel: String = "Last"
  ) -> [String] {
    let money = { (value: Double) in NumberFormat.price(value, currency: currency) }
    let signed =
      (summary.changeValue < 0 ? "-" : summary.changeValue > 0 ? "+" : "")
      + money(abs(summary.changeValue))
    let change = style.apply(
      TextStyle.trend(summary.changeValue),
      to: "\(NumberFormat.percent(summary.change)) (\(signed))")
    let parts = [
      "\(firstLabel) \(money(summary.first.price))", "\(lastLabel) \(money(summary.last.price))",
      "Change \(change)", "High \(money(summary.high.price))",
      "Low \(money(summary.low.price))", "Average \(money(summary.average))",
    ]
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for part in parts {
      let partWidth = DisplayWidth.of(style.enabled ? WatchFrame.visible(part) : part)
      if current.isEmpty {
        (current, currentWidth) = (part, partWidth)
      } else if currentWidth + 3 + partWidth <= width {
        current += " · " + part
        currentWidth += 3 + partWidth
      } else {
        lines.append(current)
        (current, currentWidth) = (part, partWidth)
      }
    }
    lines.append(current)
    return lines
  }
}
