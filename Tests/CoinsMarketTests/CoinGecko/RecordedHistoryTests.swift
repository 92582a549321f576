import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// The real `/market_chart` and `/ohlc` answers recorded in `/work/shared/coingecko-samples`
/// decode to what `python3 -m json.tool` shows of them (counts, ends, extremes). They are not
/// the project's to ship, so they are read from there at test time; on a machine without that
/// folder these tests are skipped.
@Suite(
  .enabled(
    if: RecordedSamples.available,
    "skipped: the recorded CoinGecko answers in /work/shared/coingecko-samples are not here"))
struct RecordedHistoryTests {
  @Test func oneDayAnswer() throws {
    let history = try HistoryDecoder.prices(
      RecordedSamples.body("market_chart_bitcoin_usd_days1_coininfo.json"))
    expectEqual(history.points.count, 287)
    #expect(
      history.points.first == PricePoint(milliseconds: 1_758_915_480_620, price: 109195.08820218979)
    )
    #expect(
      history.points.last == PricePoint(milliseconds: 1_759_001_951_000, price: 109444.10650081551))
  }

  @Test func thirtyDayAnswer() throws {
    let history = try HistoryDecoder.prices(
      RecordedSamples.body("market_chart_bitcoin_usd_days30_bonifaz.json"))
    expectEqual(history.points.count, 720)
    let summary = try #require(history.summary)
    expectEqual(
      summary.first, PricePoint(milliseconds: 1_730_668_855_751, price: 69102.91649492079))
    expectEqual(summary.last, PricePoint(milliseconds: 1_733_259_468_000, price: 95665.32463266946))
    expectEqual(summary.low.price, 67393.7564421)
    expectEqual(summary.high.price, 99531.18012036204)
  }

  @Test func yearAnswer() throws {
    let history = try HistoryDecoder.prices(
      RecordedSamples.body("market_chart_bitcoin_usd_days365_lp2.json"))
    expectEqual(history.points.count, 366)
    let summary = try #require(history.summary)
    expectEqual(
      summary.first, PricePoint(milliseconds: 1_720_137_600_000, price: 57189.17412408636))
    expectEqual(summary.last.milliseconds, 1_751_662_880_000)
    expectEqual(summary.low.price, 53923.35611071905)
    expectEqual(summary.high.price, 111560.356938144)
  }

  @Test func maxAnswer() throws {
    let history = try HistoryDecoder.prices(
      RecordedSamples.body("market_chart_ark_usd_daysmax_arkscan.json"))
    expectEqual(history.points.count, 2457)
    expectEqual(history.points.first, PricePoint(milliseconds: 1_490_140_800_000, price: 0.0339403))
    #expect(
      history.points.last == PricePoint(milliseconds: 1_702_394_547_000, price: 0.9184310491744174))
  }

  @Test func candleAnswers() throws {
    let wrapped = try JSONSerialization.jsonObject(
      with: RecordedSamples.body(
        "ohlc_bitcoin-ethereum_usd_days1-7-30_wrapped_cryptodashboard.json"))
    let bitcoin = try #require((wrapped as? [String: Any])?["bitcoin"] as? [String: Any])
    let expected: [(String, Int, Int64, Int64)] = [
      ("1d", 48, 1_761_552_000_000, 1_800_000), ("7d", 42, 1_761_048_000_000, 14_400_000),
      ("30d", 180, 1_759_046_400_000, 14_400_000),
    ]
    for (range, count, first, width) in expected {
      let answer = try JSONSerialization.data(withJSONObject: try #require(bitcoin[range]))
      let series = try HistoryDecoder.candles(answer)
      #expect(series.candles.count == count, "\(range)")
      #expect(series.candles.first?.milliseconds == first, "\(range)")
      #expect(series.width == width, "\(range)")
    }
  }
}
