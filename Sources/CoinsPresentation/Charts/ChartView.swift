import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins chart` and `coins portfolio chart` as text: a title (what, which span, in which
/// currency, how fresh), the line or candle chart, and the summary line.
package struct ChartView: Sendable {
  /// Rows of plot.
  package var height: Int
  /// Plain ASCII.
  package var ascii: Bool
  /// Candles instead of a line.
  package var candles: Bool
  /// How prices are written.
  package var currency: CurrencyStyle
  /// Color.
  package var style: TextStyle

  /// Creates a view.
  package init(
    height: Int, ascii: Bool, candles: Bool, currency: CurrencyStyle, style: TextStyle
  ) {
    self.height = height
    self.ascii = ascii
    self.candles = candles
    self.currency = currency
    self.style = style
  }

  /// The whole output for `snapshot`, `asked` being the span the user asked for (shown when
  /// the plan limited it) and `partial` what is missing, if anything. An empty history is one
  /// line saying so. A `comparison` is drawn beside the line and its ends written under the
  /// summary; `footer` lines (the prices' sources) come last.
  package func lines(
    _ snapshot: HistorySnapshot, of subject: ChartSubject, asked: HistoryWindow, now: Date,
    width: Int, partial: String? = nil, comparison: ChartComparison? = nil,
    footer: [String] = []
  ) -> [String] {
    var title = "\(subject.title) · \(snapshot.window.label)"
    if snapshot.limitedBy != nil, asked != snapshot.window {
      title += " (\(asked.label) asked; the plan limits history to 365 days)"
    }
    title += " in \(currency.displayCode)"
    if snapshot.fromSparkline { title += ", from the market's hourly sparkline" }
    var body: [String] = []
    var summary = snapshot.history.summary
    if candles, let series = snapshot.candles {
      let chart = CandleChart(height: height, ascii: ascii, currency: currency, style: style)
      if let drawing = chart.draw(series, width: width) {
        let shown = (series.width ?? 0) * Int64(drawing.factor)
        var candleText = "candles of \(CandleChart.widthText(milliseconds: shown))"
        if drawing.factor > 1, let width = series.width {
          candleText +=
            " (\(drawing.factor) × \(CandleChart.widthText(milliseconds: width)) merged)"
        }
        body =
          [candleText.prefix(1).uppercased() + candleText.dropFirst() + ": " + chart.legend]
          + drawing.lines
        summary = series.summary
      }
    } else {
      body = LineChart(height: height, ascii: ascii, currency: currency, style: style)
        .lines(snapshot.history, width: width, comparison: comparison)
    }
    if let partial { title += " · " + partial }
    title += " · " + freshness(snapshot, now: now)
    guard let summary, !body.isEmpty else {
      return [
        title,
        "No price history for \(subject.title) over \(snapshot.window.label) in "
          + "\(currency.displayCode): CoinGecko has none yet.",
      ]
    }
    let (firstLabel, lastLabel) = subject.id == nil ? ("Start", "Now") : ("First", "Last")
    var ends: [String] = []
    if let comparison, let theirs = comparison.history.summary {
      ends = [
        "\(comparison.label): \(NumberFormat.price(theirs.first.price, currency: currency)) to "
          + NumberFormat.price(theirs.last.price, currency: currency)
      ]
    }
    return [style.apply(.bold, to: title)] + body
      + ChartSummary.lines(
        summary, currency: currency, style: style, width: width, firstLabel: firstLabel,
        lastLabel: lastLabel) + ends + footer
  }

  /// `live, 2026-11-29 12:00:00 UTC`; for a reused history older than 5 minutes
  /// `fetched 42 min ago (2026-11-29 11:18:00 UTC)`; `CACHED …` / `SAMPLE DATA …` otherwise.
  package func freshness(_ snapshot: HistorySnapshot, now: Date) -> String {
    let age = now.timeIntervalSince(snapshot.asOf)
    if snapshot.source == .live, age >= 300 {
      return "fetched \(SnapshotLabel.age(age)) ago (\(SnapshotLabel.timestamp(snapshot.asOf)))"
    }
    return SnapshotLabel.freshness(source: snapshot.source, asOf: snapshot.asOf, now: now)
  }
}
