import Foundation
import Testing

/// `portfolio add --date` with no price records where the day's price came from, so every
/// report marks it as the day's price from CoinGecko, not as given (issue 42); through the
/// built binary against the loopback fake.
@Suite(.spawnsProcesses) struct DayPriceProvenanceEndToEndTests {
  @Test func aDatedAddIsTheDaysPriceFromCoinGeckoInHistoryGainsAndExplain() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let path = coins.home.path + "/dated.json"
    let add = try await coins.run(
      ["portfolio", "add", "btc", "1", "--date", "2026-06-01", "--file", path])
    #expect(add.status == 0, "\(add.stderr)")
    let sell = try await coins.run(
      [
        "portfolio", "sell", "btc", "0.5", "--price", "30000", "--date", "2026-07-01", "--file",
        path,
      ])
    #expect(sell.status == 0, "\(sell.stderr)")
    let dayPrice = #""provenance":{"pricing":"dayPrice","source":"coingecko","conversion":null}"#
    let given = #""provenance":{"pricing":"given","source":null,"conversion":null}"#

    let history = try await coins.run(["portfolio", "history", "--json", "--file", path])
    #expect(history.status == 0, "\(history.stderr)")
    #expect(
      history.stdout.contains(#""id":"1","date":"2026-06-01T00:00:00.000Z","type":"buy""#)
        && history.stdout.contains(#""movedFrom":null,\#(dayPrice)},{"id":"2""#),
      "\(history.stdout)")

    // The day's price follows the fake's clock: the figures are not what this test is about.
    let gains = try await coins.run(["portfolio", "gains", "--json", "--file", path])
    #expect(gains.status == 0, "\(gains.stderr)")
    #expect(gains.stdout.contains(#""fee":0,\#(given),"lots":["#), "\(gains.stdout)")
    #expect(gains.stdout.contains(#""term":"short",\#(dayPrice)}]}]"#), "\(gains.stdout)")

    let explain = try await coins.run(["portfolio", "explain", "2", "--file", path])
    #expect(explain.status == 0, "\(explain.stderr)")
    #expect(
      explain.stdoutLines.contains {
        $0.hasPrefix("  price ") && $0.contains(" USD per coin (from coingecko)")
      })
  }
}
