import Foundation
import Testing

/// `[prices] precision = "hour"` (issue 44) through the built binary against the fakes: a
/// transaction with a time is priced at the open of its UTC hour from the first source with an
/// hourly candle for it (Coinbase `granularity=3600`, Binance `interval=1h`), the day's open
/// the labelled fallback; the first hour of a day is the day's open itself.
///
/// The fakes' hourly opens lie on the straight line between two daily opens (their rows, see
/// `PricesEndToEndTests`): Coinbase's BTC-USD opens 55,247.02 on 2021-05-01 and 54,672.05 on
/// the 2nd, so 10:00 on the 1st opens at 55,247.02 − 574.97 × 10/24 = 55,007.449…, $55,007.45,
/// and 23:00 at 55,247.02 − 574.97 × 23/24 = 54,696.007…, $54,696.01. Binance's ETHUSDT opens
/// 3,660.31994384 on the 1st and 3,574.94811286 on the 2nd: 10:00 opens at 3,660.31994384 −
/// 85.37183098 × 10/24 = 3,624.74834760. Coinbase has no BTC-USD candle of 2021-05-02 17:00
/// (no trades that hour, as the fake has it).
@Suite(.spawnsProcesses) struct HourlyPricesEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  func configure(_ text: String, in coins: CoinsBinary) throws {
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try text.write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
  }

  @Test func aBuyWithATimeIsPricedAtItsHoursOpenWithTheSourceNamed() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try configure("[prices]\nprecision = \"hour\"\n", in: coins)

    let buy = try await coins.run([
      "portfolio", "add", "btc", "0.5", "--date", "2021-05-01T10:30:00Z",
    ])
    let file = try String(
      contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)

    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(
      buy.stdout == """
        Price at 10:00 UTC on 2021-05-01: $55,007.45 (Coinbase BTC-USD open of 10:00 UTC, not \
        checked against CoinGecko).
        Added 0.5 btc → Bitcoin (bitcoin) at $55,007.45 per coin.
        Holding: 0.5 BTC in 1 lot.

        """)
    #expect(file.contains(#""price": "55007.45""#))
    #expect(file.contains(#""priceSource": "coinbase, open of 10:00 UTC, unverified""#))
  }

  /// Closed hours are kept like closed days: the second run asks the exchange nothing, and
  /// says the same price. The first run asked one page of hourly candles (the day's daily
  /// candles for the pair check besides).
  @Test func aSecondRunAsksNothingForAClosedHour() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try configure("[prices]\nprecision = \"hour\"\n", in: coins)
    let arguments = ["portfolio", "add", "btc", "0.5", "--date", "2021-05-01T10:30:00Z"]
    let said = "Price at 10:00 UTC on 2021-05-01: $55,007.45 (Coinbase BTC-USD open of 10:00 UTC"

    let first = try await coins.run(arguments)
    let asked = try await sources.coinbase.requests()
    let second = try await coins.run(arguments)
    let askedAfter = try await sources.coinbase.requests()

    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(first.stdout.hasPrefix(said))
    #expect(second.stdout.hasPrefix(said))
    expectEqual(asked.filter { $0.query["granularity"] == "3600" }.count, 1)
    expectEqual(askedAfter.count, asked.count)
  }

  @Test func binancesHourlyKlinesPriceInUSDViaUSDT() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try configure("[prices]\nprecision = \"hour\"\norder = \"binance\"\n", in: coins)

    let buy = try await coins.run([
      "portfolio", "add", "eth", "2", "--date", "2021-05-01T10:05:00Z",
    ])

    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(
      buy.stdout.hasPrefix(
        "Price at 10:00 UTC on 2021-05-01: $3,624.75 (Binance ETHUSDT open of 10:00 UTC via "
          + "USDT, not checked against CoinGecko).\n"))
    #expect(
      try String(contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)
        .contains(#""price": "3624.748347"#))
  }

  @Test func anHourWithoutACandleTakesTheDaysOpenLabelledAndTheFirstHourIsTheDays()
    async throws
  {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try configure("[prices]\nprecision = \"hour\"\norder = \"coinbase\"\n", in: coins)
    let path = try RepriceEndToEndTests.place(
      """
      {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
      {"id": "1", "type": "buy", "amount": "0.1", "date": "2021-05-02T17:15:00.000Z"},
      {"id": "2", "type": "buy", "amount": "0.1", "date": "2021-05-01T00:20:00.000Z"},
      {"id": "3", "type": "buy", "amount": "0.1", "date": "2021-05-01T23:59:00.000Z"}]}]}

      """, in: coins)

    let result = try await coins.run(["portfolio", "reprice"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Priced 3 transactions:
          2  buy 0.1 BTC on 2021-05-01: $55,247.02 (Coinbase BTC-USD open, not checked against \
        CoinGecko)
          3  buy 0.1 BTC on 2021-05-01: $54,696.01 (Coinbase BTC-USD open of 23:00 UTC, not \
        checked against CoinGecko)
          1  buy 0.1 BTC on 2021-05-02: $54,672.05 (Coinbase BTC-USD open of the day (no hourly \
        candle), not checked against CoinGecko)

        """)
    let file = try String(contentsOfFile: path, encoding: .utf8)
    #expect(file.contains(#""priceSource": "coinbase, day's open, unverified""#))
    #expect(file.contains(#""priceSource": "coinbase, open of 23:00 UTC, unverified""#))
  }

  @Test func yourPriceOfTheDayWinsOverAnHourlyCandle() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try configure("[prices]\nprecision = \"hour\"\n", in: coins)
    let prices = coins.home.path + "/mine.csv"
    try "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n".write(
      toFile: prices, atomically: true, encoding: .utf8)
    _ = try await coins.run(["prices", "import", prices])

    let buy = try await coins.run([
      "portfolio", "add", "btc", "0.5", "--date", "2021-05-01T10:30:00Z",
    ])

    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(
      buy.stdout.hasPrefix(
        "Price at 00:00 UTC on 2021-05-01: $57,714.66 (your price from mine.csv, the day's "
          + "price).\n"))
  }
}
