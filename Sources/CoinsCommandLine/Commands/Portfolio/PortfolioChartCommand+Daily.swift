import CoinsModel
import CoinsPresentation
import CoinsPriceSources
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioChartCommand {
  /// Draws the chart from each day's end value as `portfolio performance` measures it (the
  /// price chain's opens, over any range), with the benchmark's value beside it when asked:
  /// a point at 00:00 UTC of the first day (the day before's end value), then one at the end
  /// of each day; under it, which source priced which days.
  func runDaily(in context: CommandContext, portfolio: Portfolio, now: Date)
    async throws(CommandFailure)
  {
    let days = try dailyDays(in: portfolio, today: UTCDay(now))
    let market = options.market
    let measured = try await context.measurePerformance(
      portfolio, scope: .portfolio, byWallet: false, days: days, market: market,
      benchmark: benchmark)
    let performance = measured.result.performance
    let first = days.lowerBound.number
    let total = Self.history(first: first, start: performance.startValue, performance.values)
    var comparison: ChartComparison?
    var extra: [(String, String)] = []
    if let figures = measured.result.benchmark, let coin = measured.benchmark {
      let symbol = Sanitizer.printable(coin.symbol.uppercased())
      let line = Self.history(first: first, start: performance.startValue, figures.values)
      comparison = ChartComparison(history: line, label: "\(symbol) (the same flows)")
      extra.append(
        (
          "benchmark",
          JSONText.object([
            ("coin", JSONText.string(coin.id)), ("symbol", JSONText.string(symbol)),
            ("points", Self.points(line)),
          ])
        ))
      if let day = figures.negativeFrom {
        context.stderr.write(
          "Note: \(symbol) held a negative amount from \(PerformanceReport.day(day)): the "
            + "withdrawals were more than it held.\n")
      }
    }
    let coverage = ChartSources.runs(measured.result.opens.coverage)
    extra.append(("sources", ChartSources.json(coverage)))
    let window = options.window(at: now)
    let snapshot = HistorySnapshot(history: total, window: window, source: .live, asOf: now)
    context.writeChart(
      snapshot, of: .portfolio, asked: window, options: options, currency: market.currency,
      extraJSON: extra, comparison: comparison, footer: [ChartSources.line(coverage)])
  }

  /// The whole UTC days charted: `--from` (to `--to`, else yesterday), else the named range
  /// as `portfolio performance` takes it (`max` from the first transaction).
  private func dailyDays(in portfolio: Portfolio, today: UTCDay) throws(CommandFailure)
    -> ClosedRange<UTCDay>
  {
    let yesterday = today.number - 1
    var range: ClosedRange<Int>?
    if let from = options.from {
      let first = Int(from / 86_400)
      // A window ending at 00:00 UTC ends with the day before it.
      let last = options.to.map { Int(($0 + 86_399) / 86_400) - 1 } ?? yesterday
      let capped = min(last, yesterday)
      range = first <= capped ? first...capped : nil
    } else {
      let firstDay = portfolio.holdings.flatMap { $0.transactions.map(\.day) }
        .filter { $0 != Int.min }.min()
      range = options.range.days(today: today.number, firstDay: firstDay)
    }
    guard let range else {
      throw CommandFailure(
        "No closed UTC day in the range yet (today is \(today) UTC): a day's value is the next "
          + "day's open; try --range 7d.", kind: .other)
    }
    return UTCDay(number: range.lowerBound)...UTCDay(number: range.upperBound)
  }

  /// The start value at 00:00 UTC of day `first`, then each day's end value at 00:00 UTC of
  /// the next day.
  static func history(first: Int, start: ExactDecimal, _ values: [ExactDecimal]) -> PriceHistory {
    let day: Int64 = 86_400_000
    var points = [PricePoint(milliseconds: Int64(first) * day, price: start.doubleValue)]
    for (offset, value) in values.enumerated() {
      points.append(
        PricePoint(milliseconds: Int64(first + offset + 1) * day, price: value.doubleValue))
    }
    return PriceHistory(sorted: points)
  }

  /// `[[ms,value],…]`.
  private static func points(_ history: PriceHistory) -> String {
    JSONText.array(
      history.points.map { JSONText.array([String($0.milliseconds), JSONText.number($0.price)]) })
  }
}
