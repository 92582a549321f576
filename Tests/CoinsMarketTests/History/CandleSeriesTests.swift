import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct CandleSeriesTests {
  private static let t0: Double = 1_761_552_000_000  // 2025-10-27T08:00:00Z
  private static let halfHour: Double = 1_800_000

  private func candle(
    _ index: Int64, _ open: Double, _ high: Double, _ low: Double,
    _ close: Double
  ) -> Candle {
    Candle(
      milliseconds: 1_761_552_000_000 + index * 1_800_000, open: open, high: high, low: low,
      close: close)
  }

  @Test func sanitizesRows() {
    let series = CandleSeries(raw: [
      [Self.t0 + Self.halfHour, 2, 3, 1, 2.5],
      [Self.t0, 1, 2, 0.5, 2],
      [Self.t0 + 2 * Self.halfHour, nil, 3, 1, 2],  // a null: dropped
      [Self.t0 + 3 * Self.halfHour, 2, 3, 1],  // short: dropped
      [Self.t0 + 4 * Self.halfHour, 2, 1.5, 1, 3],  // high below the close: widened
      [Self.t0, 1, 2.2, 0.4, 1.9],  // the same close time again: the later row wins
      [.nan, 1, 1, 1, 1],
    ])
    #expect(
      series.candles == [
        candle(0, 1, 2.2, 0.4, 1.9), candle(1, 2, 3, 1, 2.5), candle(4, 2, 3, 1, 3),
      ])
    expectEqual(series.width, 5_400_000)  // steps of 30 and 90 min: the upper median
  }

  @Test func mergesNeighboursFromTheNewest() {
    let series = CandleSeries(sorted: [
      candle(0, 10, 12, 9, 11), candle(1, 11, 15, 10, 14), candle(2, 14, 14, 8, 9),
      candle(3, 9, 10, 7, 8), candle(4, 8, 13, 8, 12),
    ])
    let (fitted, factor) = series.fitted(to: 2)
    expectEqual(factor, 3)
    // Newest three (2…4): open 14, high 14, low 7, close 12; the oldest two (0…1): 10/15/9/14.
    expectEqual(fitted, [candle(1, 10, 15, 9, 14), candle(4, 14, 14, 7, 12)])
    expectEqual(series.fitted(to: 5).factor, 1)
    expectEqual(series.fitted(to: 5).candles, series.candles)
  }

  @Test func summaryUsesOpensHighsLowsAndCloses() throws {
    let series = CandleSeries(sorted: [
      candle(0, 10, 12, 9, 11), candle(1, 11, 15, 10, 14), candle(2, 14, 14, 8, 9),
    ])
    let summary = try #require(series.summary)
    expectEqual(summary.first, PricePoint(milliseconds: 1_761_550_200_000, price: 10))
    expectEqual(summary.last, PricePoint(milliseconds: 1_761_555_600_000, price: 9))
    expectEqual(summary.high, PricePoint(milliseconds: 1_761_553_800_000, price: 15))
    expectEqual(summary.low, PricePoint(milliseconds: 1_761_555_600_000, price: 8))
    expectEqual(summary.average, 34.0 / 3)
    expectEqual(summary.change, -10)
    #expect(CandleSeries(raw: []).summary == nil)
  }
}
