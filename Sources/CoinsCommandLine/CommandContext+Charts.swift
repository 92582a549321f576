import CoinsModel
import CoinsPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandContext {
  /// Warns on stderr when the plan limited the range, and when the history is not live.
  func warnAboutHistory(_ snapshot: HistorySnapshot, asked: HistoryWindow, now: Date) {
    if let limit = snapshot.limitedBy {
      stderr.write(
        "Warning: \(limit.hasSuffix(".") ? String(limit.dropLast()) : limit); showing the last "
          + "year (\(snapshot.window.label)) instead of \(asked.label).\n")
    }
    if snapshot.fromSparkline {
      stderr.write(
        "Warning: No 7-day history could be fetched; showing the market's hourly sparkline.\n")
    }
    warnIfNotLive(
      source: snapshot.source, asOf: snapshot.asOf, reason: snapshot.staleReason, now: now)
  }

  /// Writes a chart as text, JSON or CSV, as `options` ask; a `comparison` drawn beside it
  /// (its points a CSV column), `footer` lines under the text.
  func writeChart(
    _ snapshot: HistorySnapshot, of subject: ChartSubject, asked: HistoryWindow,
    options: ChartOptions, currency: String, extraJSON: [(String, String)] = [],
    partial: String? = nil, comparison: ChartComparison? = nil, footer: [String] = []
  ) {
    switch options.format {
    case .json:
      stdout.write(
        ChartDocument.json(
          snapshot, of: subject, currency: currency, candles: options.candles, extra: extraJSON)
          + "\n")
    case .csv:
      stdout.write(
        ChartDocument.csv(snapshot, candles: options.candles, comparison: comparison?.history))
    case .table:
      let view = ChartView(
        height: options.plotHeight(terminalRows: terminal.height), ascii: options.ascii,
        candles: options.candles, currency: CurrencyStyle(code: currency).ascii(options.ascii),
        style: style(options.market.color))
      let lines = view.lines(
        snapshot, of: subject, asked: asked, now: timeSource.now(), width: terminal.width,
        partial: partial, comparison: comparison, footer: footer)
      stdout.write(lines.joined(separator: "\n") + "\n")
    }
  }
}
