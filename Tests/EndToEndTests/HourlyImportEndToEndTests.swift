import Foundation
import Testing

/// `[prices] precision = "hour"` in `coins portfolio import` (issue 44): a row with a time
/// that the file cannot value is priced at the open of its UTC hour where a source has an
/// hourly candle, the day's open the labelled fallback, as `portfolio add --date …T10:30:00Z`
/// prices one; closed hours kept, so a second import asks nothing. Coinbase alone is asked
/// (`[prices] order`): Binance has a candle of the hour Coinbase lacks.
///
/// The fake Coinbase's hourly opens (see `HourlyPricesEndToEndTests`): BTC-USD opens
/// 55,247.02 on 2021-05-01 and 54,672.05 on the 2nd, so 10:00 on the 1st opens at
/// 55,247.02 − 574.97 × 10/24 = 55,007.449…, $55,007.45: 0.01 BTC of staking income at 10:30
/// is worth 0.01 × 55,007.45 = $550.07 (550.0745). Coinbase has no candle of 2021-05-02 17:00
/// (no trades that hour): 0.02 BTC received at 17:15 takes the day's open, 54,672.05, labelled,
/// worth 0.02 × 54,672.05 = $1,093.44 (1,093.441).
@Suite(.spawnsProcesses) struct HourlyImportEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  static let koinly =
    [
      ImportValuationEndToEndTests.header,
      "2021-05-01T10:30:00.000Z,,,0.01,BTC,,,,,staking,,h1",
      "2021-05-02T17:15:00.000Z,,,0.02,BTC,,,,,staking,,h2",
    ].joined(separator: "\n") + "\n"

  @Test func eachRowIsPricedAtItsHoursOpenTheDaysOpenTheLabelledFallback() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try HourlyPricesEndToEndTests().configure(
      "[prices]\nprecision = \"hour\"\norder = \"coinbase\"\n", in: coins)
    let file = coins.home.path + "/koinly.csv"
    try Self.koinly.write(toFile: file, atomically: true, encoding: .utf8)

    let imported = try await coins.run(["portfolio", "import", file])
    let coinbase = try await sources.coinbase.requests()
    let binance = try await sources.binance.requests().count
    let charts = try await sources.coinGecko.requests().filter {
      $0.path.hasSuffix("/market_chart/range")
    }.count
    let again = try await coins.run(["portfolio", "import", file, "--dry-run"])

    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdoutLines.contains("Values: 2 from Coinbase's hourly or daily open."))
    let portfolio = try String(
      contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)
    #expect(
      portfolio.contains(
        #""amount": "0.01", "price": "55007.45", "currency": "usd", "date": "2021-05-01T10:30:00.000Z""#
      ))
    #expect(portfolio.contains(#""priceSource": "coinbase, open of 10:00 UTC, unverified""#))
    #expect(
      portfolio.contains(
        #""amount": "0.02", "price": "54672.05", "currency": "usd", "date": "2021-05-02T17:15:00.000Z""#
      ))
    #expect(portfolio.contains(#""priceSource": "coinbase, day's open, unverified""#))
    // One page of hourly candles for both rows (17:00 on the 2nd is 31 hours after 10:00 on
    // the 1st, within a page of 300).
    expectEqual(coinbase.filter { $0.query["granularity"] == "3600" }.count, 1)
    #expect(again.status == 0, "\(again.stderr)")
    try await expectEqual(sources.coinbase.requests().count, coinbase.count)
    try await expectEqual(sources.binance.requests().count, binance)
    #expect(
      try await sources.coinGecko.requests().filter {
        $0.path.hasSuffix("/market_chart/range")
      }.count == charts)
  }

  /// With the day's precision (the default) the same rows take their days' opens, labelled
  /// as before: no hourly candle is asked.
  @Test func byTheDayNothingChanges() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let file = coins.home.path + "/koinly.csv"
    try Self.koinly.write(toFile: file, atomically: true, encoding: .utf8)

    let imported = try await coins.run(["portfolio", "import", file])

    #expect(imported.status == 0, "\(imported.stderr)")
    let portfolio = try String(
      contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)
    #expect(
      portfolio.contains(
        #""amount": "0.01", "price": "55247.02", "currency": "usd", "date": "2021-05-01T10:30:00.000Z""#
      ))
    #expect(portfolio.contains(#""priceSource": "coinbase, unverified""#))
    #expect(try await sources.coinbase.requests().allSatisfy { $0.query["granularity"] != "3600" })
  }
}
