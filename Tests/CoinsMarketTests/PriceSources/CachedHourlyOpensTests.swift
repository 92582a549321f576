import CoinsModel
import CoinsPriceSources
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Synchronization
import Testing

/// Closed hours kept on disk like closed days: asked once; the current hour always asked and
/// never kept. Now is 2025-07-25 14:53:48 UTC on the manual clock: hour 487,070 since 1970
/// (1,753,455,228 s ÷ 3,600, rounded down), so 487,068 is 12:00 and 487,069 13:00.
@Suite struct CachedHourlyOpensTests {
  let clock = ManualTimeSource()
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")

  /// 2021-05-01 10:00 and 11:00 UTC: 1,619,827,200 s ÷ 3,600 = 449,952 at midnight, plus 10.
  @Test func aClosedHourIsAskedOnceAndKeptInItsOwnFile() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let coinbase = HourlySource(opens: [449_962: "55007.45", 449_963: "54983.49"])
    let cached = CachedPriceSource(coinbase, directory: folder.url, timeSource: clock)
    let first = await cached.hourlyOpens(of: bitcoin, in: "USD", hours: 449_962...449_963)
    let again = await cached.hourlyOpens(of: bitcoin, in: "USD", hours: 449_963...449_963)

    #expect(
      first
        == .opens(
          HourlyOpens(
            opens: [449_962: ExactDecimal.parsed("55007.45")!, 449_963: .parsed("54983.49")!],
            pair: "BTC-USD")))
    #expect(
      again == .opens(HourlyOpens(opens: [449_963: .parsed("54983.49")!], pair: "BTC-USD")))
    expectEqual(coinbase.spans, [449_962...449_963])
    expectEqual(folder.contents(of: ""), ["coinbase-bitcoin-BTC-USD-hourly.json"])
  }

  @Test func theCurrentHourIsAlwaysAskedAndNotKept() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let coinbase = HourlySource(opens: [487_068: "117000", 487_069: "117100", 487_070: "117200"])
    let cached = CachedPriceSource(coinbase, directory: folder.url, timeSource: clock)
    _ = await cached.hourlyOpens(of: bitcoin, in: "USD", hours: 487_068...487_070)
    _ = await cached.hourlyOpens(of: bitcoin, in: "USD", hours: 487_068...487_070)
    _ = await cached.hourlyOpens(of: bitcoin, in: "USD", hours: 487_068...487_069)

    expectEqual(coinbase.spans, [487_068...487_070, 487_068...487_070])
    let text = try String(
      contentsOf: folder.file("coinbase-bitcoin-BTC-USD-hourly.json"), encoding: .utf8)
    #expect(text.contains(#""487069": "117100""#))
    #expect(!text.contains("487070"))
  }
}

/// A source with hourly candles answering `opens` (by hours since 1970) for BTC-USD, counting
/// the spans it was asked.
private final class HourlySource: PriceSource {
  let name = PriceSourceName.coinbase
  let hasHourlyCandles = true
  private let opens: [Int: ExactDecimal]
  private let asked = Mutex<[ClosedRange<Int>]>([])

  init(opens: [Int: String]) {
    self.opens = opens.mapValues { ExactDecimal.parsed($0)! }
  }

  var spans: [ClosedRange<Int>] { asked.withLock { $0 } }

  func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>) async
    -> HourlyAnswer?
  {
    asked.withLock { $0.append(hours) }
    return .opens(HourlyOpens(opens: opens.filter { hours.contains($0.key) }, pair: "BTC-USD"))
  }

  func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>) async
    -> PriceSourceAnswer
  {
    .unavailable("daily opens are not asked here")
  }
}
