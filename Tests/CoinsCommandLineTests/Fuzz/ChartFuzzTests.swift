import CoinsModel
import CoinsPresentation
import CoinsTestSupport
import CoinsUnitTestSupport
import Testing

/// Random histories and candles of every size and scale: the renderers never trap, and every
/// line fits the width asked for.
@Suite struct ChartFuzzTests {
  @Test(arguments: 0..<40)
  func randomHistoriesFitTheirWidth(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
    let scale = random.pick([1e-9, 1e-4, 0.5, 1, 3000, 90_000, 1e12, 1e15])
    let count = random.pick([1, 2, 3, 50, 400, 2500])
    let start = 1_700_000_000_000.0
    let step = random.pick([300_000.0, 3_600_000, 86_400_000])
    let flat = random.below(5) == 0
    let raw = (0..<count).map { index -> (Double?, Double?) in
      let wobble = flat ? 1 : 1 + Double(random.below(1000)) / 1000
      return (start + Double(index) * step, scale * wobble)
    }
    let history = PriceHistory(raw: raw)
    let width = 60 + random.below(100)
    let height = 2 + random.below(30)
    let style = TextStyle(enabled: false)
    for ascii in [false, true] {
      let lines = LineChart(
        height: height, ascii: ascii, currency: CurrencyStyle(code: "usd"), style: style
      ).lines(history, width: width)
      #expect(lines.count >= height + 3)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
    }
    let candles = CandleSeries(
      sorted: history.points.map {
        Candle(
          milliseconds: $0.milliseconds, open: $0.price, high: $0.price * 1.01,
          low: $0.price * 0.99, close: $0.price * (flat ? 1 : 1.005))
      })
    let drawing = CandleChart(
      height: height, ascii: false, currency: CurrencyStyle(code: "eur"), style: style
    ).draw(candles, width: width)
    expectEqual(drawing?.lines.allSatisfy { DisplayWidth.of($0) <= width }, true)
  }
}
