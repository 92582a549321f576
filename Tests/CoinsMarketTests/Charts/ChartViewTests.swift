import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import FoundationEssentials
import Testing

@Suite struct ChartViewTests {
  /// 2025-11-29T00:00:00Z.
  private static let t0 = 1_764_374_400_000.0
  private static let asOf = Date(timeIntervalSince1970: 1_764_374_400)
  private static let bitcoin = ChartSubject(id: "bitcoin", symbol: "btc", name: "Bitcoin")

  private static let history = PriceHistory(raw: [(t0, 100), (t0 + 3_600_000, 80)])

  private func view(candles: Bool = false) -> ChartView {
    ChartView(
      height: 4, ascii: true, candles: candles, currency: CurrencyStyle(code: "usd"),
      style: TextStyle(enabled: false))
  }

  private func snapshot(
    _ window: HistoryWindow = .range(.week), source: DataSource = .live,
    limitedBy: String? = nil, fromSparkline: Bool = false, history: PriceHistory = history
  ) -> HistorySnapshot {
    HistorySnapshot(
      history: history, window: window, source: source, asOf: Self.asOf, limitedBy: limitedBy,
      fromSparkline: fromSparkline)
  }

  private func title(
    _ snapshot: HistorySnapshot, asked: HistoryWindow = .range(.week),
    after seconds: Double = 10, partial: String? = nil, subject: ChartSubject = bitcoin
  ) -> String? {
    view().lines(
      snapshot, of: subject, asked: asked, now: Self.asOf.addingTimeInterval(seconds), width: 60,
      partial: partial
    ).first
  }

  @Test func titles() {
    expectEqual(title(snapshot()), "Bitcoin (BTC) · 7d in USD · live, 2025-11-29 00:00:00 UTC")
    #expect(
      title(snapshot(), after: 42 * 60)
        == "Bitcoin (BTC) · 7d in USD · fetched 42 min ago (2025-11-29 00:00:00 UTC)")
    #expect(
      title(snapshot(source: .cache), after: 7200)
        == "Bitcoin (BTC) · 7d in USD · CACHED 2 h ago (2025-11-29 00:00:00 UTC), not live")
    #expect(
      title(snapshot(.range(.year), limitedBy: "limited"), asked: .range(.max))
        == "Bitcoin (BTC) · 1y (max asked; the plan limits history to 365 days) in USD · live, "
        + "2025-11-29 00:00:00 UTC")
    #expect(
      title(snapshot(source: .sample, fromSparkline: true))
        == "Bitcoin (BTC) · 7d in USD, from the market's hourly sparkline · SAMPLE DATA from "
        + "2025-11-29 00:00:00 UTC, not live prices")
    #expect(
      title(snapshot(), partial: "PARTIAL: 1 of 3 coins missing", subject: .portfolio)
        == "Portfolio value · 7d in USD · PARTIAL: 1 of 3 coins missing · live, "
        + "2025-11-29 00:00:00 UTC")
  }

  @Test func anEmptyHistoryIsOneLine() {
    let lines = view().lines(
      snapshot(history: PriceHistory(raw: [])), of: Self.bitcoin, asked: .range(.week),
      now: Self.asOf, width: 60)
    #expect(
      lines == [
        "Bitcoin (BTC) · 7d in USD · live, 2025-11-29 00:00:00 UTC",
        "No price history for Bitcoin (BTC) over 7d in USD: CoinGecko has none yet.",
      ])
  }

  @Test func thePortfolioSummarySaysStartAndNow() {
    let lines = view().lines(
      snapshot(), of: .portfolio, asked: .range(.week), now: Self.asOf, width: 200)
    #expect(
      lines.last
        == "Start $100.00 · Now $80.00 · Change -20.00% (-$20.00) · High $100.00 · Low $80.00 · "
        + "Average $90.00")
  }

  @Test func candlesSayTheirWidth() {
    let series = CandleSeries(
      sorted: (0..<40).map {
        Candle(
          milliseconds: 1_764_374_400_000 + Int64($0) * 14_400_000, open: 1, high: 2, low: 0.5,
          close: 1.5)
      })
    var withCandles = snapshot()
    withCandles.candles = series
    let lines = view(candles: true).lines(
      withCandles, of: Self.bitcoin, asked: .range(.week), now: Self.asOf, width: 40)
    // 40 candles in (40 − 7 + 1) / 2 = 17 columns: 3 would do (12 h, a round width).
    expectEqual(lines[1], "Candles of 12 h (3 × 4 h merged): # up, = down")
  }
}
