import CoinsModel
import CoinsPriceSources
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Closed days kept on disk: asked once, answered offline; today always asked. Today is
/// 2025-07-25 on the manual clock.
@Suite struct CachedPriceSourceTests {
  let clock = ManualTimeSource()
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")
  // 2021-05-03 had no trades.
  let opens = ["2021-05-01": "57714.66", "2021-05-02": "57800.01", "2021-05-04": "55000"]

  @Test func aSecondRunAsksNothingForClosedDays() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let coinbase = ScriptedSource(.coinbase, pair: "BTC-USD", opens: opens)
    let cached = CachedPriceSource(coinbase, directory: folder.url, timeSource: clock)
    let span = day("2021-05-01")...day("2021-05-10")
    let first = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    let again = CachedPriceSource(
      ScriptedSource(.coinbase) { _, _, _ in .unavailable("must not be asked") },
      directory: folder.url, timeSource: clock)
    await expectEqual(again.dailyOpens(of: bitcoin, in: "USD", days: span), first)
    let part = await again.dailyOpens(
      of: bitcoin, in: "USD", days: day("2021-05-02")...day("2021-05-03"))
    #expect(
      part
        == .opens(
          DailyOpens(
            opens: [day("2021-05-02"): exact("57800.01")], pair: "BTC-USD", carriesForward: true)))
    expectEqual(coinbase.spans.count, 1)
    expectEqual(folder.contents(of: ""), ["coinbase-bitcoin-BTC-USD.json"])
  }

  @Test func daysNotAskedYetAreAskedAndTheSpansJoin() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let coinbase = ScriptedSource(.coinbase, pair: "BTC-USD", opens: opens)
    let cached = CachedPriceSource(coinbase, directory: folder.url, timeSource: clock)
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: day("2021-05-01")...day("2021-05-02"))
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: day("2021-05-03")...day("2021-05-04"))
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: day("2021-05-01")...day("2021-05-04"))
    expectEqual(coinbase.spans.count, 2)
    let text = try String(contentsOf: folder.file("coinbase-bitcoin-BTC-USD.json"), encoding: .utf8)
    #expect(
      text.contains(#""asked": [\#n    [\#n      "2021-05-01",\#n      "2021-05-04"\#n    ]\#n  ]"#)
    )
  }

  @Test func todaysOpenIsKeptOnceAnsweredAndOfflineTheKeptDaysAnswer() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let recent = ScriptedSource(
      .coinbase, pair: "BTC-USD", opens: ["2025-07-24": "117000", "2025-07-25": "118000"])
    let cached = CachedPriceSource(recent, directory: folder.url, timeSource: clock)
    let span = day("2025-07-24")...day("2025-07-25")
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    // Today's open came back: it does not change after 00:00 UTC, so it is not asked again.
    expectEqual(recent.spans.count, 1)
    let offline = CachedPriceSource(
      ScriptedSource(.coinbase) { _, _, _ in
        .unavailable("Coinbase could not be reached: no network")
      },
      directory: folder.url, timeSource: clock)
    #expect(
      await offline.dailyOpens(of: bitcoin, in: "USD", days: span)
        == .opens(
          DailyOpens(
            opens: [day("2025-07-24"): exact("117000"), day("2025-07-25"): exact("118000")],
            pair: "BTC-USD", carriesForward: true)))
    #expect(
      await offline.dailyOpens(of: bitcoin, in: "USD", days: day("2020-01-01")...day("2020-01-02"))
        == .unavailable("Coinbase could not be reached: no network"))
  }

  @Test func todayWithoutAnOpenIsAskedAgain() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let recent = ScriptedSource(.coinbase, pair: "BTC-USD", opens: ["2025-07-24": "117000"])
    let cached = CachedPriceSource(recent, directory: folder.url, timeSource: clock)
    let span = day("2025-07-24")...day("2025-07-25")
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    _ = await cached.dailyOpens(of: bitcoin, in: "USD", days: day("2025-07-24")...day("2025-07-24"))
    expectEqual(recent.spans, [span, span])
  }

  /// A pair the source does not list is believed so for a day (86,400 s): asked once, then
  /// answered from the cache until the day is over, then asked again.
  @Test func anUnlistedPairIsKeptForADay() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let unlisted = ScriptedSource(.coinbase) { _, _, _ in .unlisted("Coinbase lists no BTC-USD") }
    let cached = CachedPriceSource(unlisted, directory: folder.url, timeSource: clock)
    let span = day("2021-05-01")...day("2021-05-10")
    let first = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    clock.advance(by: 86_399)
    let withinTheDay = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    expectEqual(unlisted.spans.count, 1)
    clock.advance(by: 1)
    let aDayLater = await cached.dailyOpens(of: bitcoin, in: "USD", days: span)
    expectEqual(first, .unlisted("Coinbase lists no BTC-USD"))
    expectEqual(withinTheDay, first)
    expectEqual(aDayLater, first)
    expectEqual(unlisted.spans.count, 2)
    expectEqual(folder.contents(of: ""), ["coinbase-bitcoin-BTC-USD-unlisted.json"])
  }
}
