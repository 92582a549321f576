import Foundation
import Testing

/// The price chain where a past price is needed (issue 44): `portfolio add`, `sell` and
/// `transfer in --income` with `--date` and no price, the import's valuation with its count per
/// source, and `portfolio reprice` (issue 45), through the built binary against the loopback
/// fakes of CoinGecko, Coinbase, Binance and the ECB (`PricesEndToEndTests.Sources`).
///
/// The figures are the fakes' own rows (their clocks frozen at 2026-11-29 12:00 UTC), asked of
/// them directly: Coinbase's BTC-USD opens 55,247.02 on 2021-05-01, 54,672.05 on 2021-05-02
/// (no candle on 2021-05-03), 50,285.02 on 2021-05-04 and 51,654.44 on 2021-06-01. CoinGecko's
/// free plan reaches only the past 365 days, so the exchanges price those days, and their pairs
/// have no day in common with CoinGecko's to be checked against ("unverified").
@Suite(.spawnsProcesses) struct PastPricesEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  static func portfolio(_ coins: CoinsBinary) -> String {
    coins.home.path + "/data/coins/portfolio.json"
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func aBuyFiveYearsBackIsPricedByAnExchangeWithItsSourceNamedAndRecorded() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins

    let buy = try await coins.run(["portfolio", "add", "btc", "0.5", "--date", "2021-05-01"])
    let sale = try await coins.run(["portfolio", "sell", "btc", "0.1", "--date", "2021-06-01"])
    let income = try await coins.run([
      "portfolio", "transfer", "in", "btc", "0.01", "--income", "--date", "2021-05-04",
    ])

    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(
      buy.stdout == """
        Price at 00:00 UTC on 2021-05-01: $55,247.02 (Coinbase BTC-USD open, not checked \
        against CoinGecko).
        Added 0.5 btc → Bitcoin (bitcoin) at $55,247.02 per coin.
        Holding: 0.5 BTC in 1 lot.

        """)
    // Proceeds 0.1 × 51,654.44 = 5,165.444 → $5,165.44; cost basis 0.1 × 55,247.02 = 5,524.702
    // → $5,524.70; gain 5,165.444 − 5,524.702 = −359.258 → −$359.26.
    #expect(sale.status == 0, "\(sale.stderr)")
    #expect(
      sale.stdout == """
        Price at 00:00 UTC on 2021-06-01: $51,654.44 (Coinbase BTC-USD open, not checked \
        against CoinGecko).
        Sold 0.1 BTC at $51,654.44 per coin.
        Realized P/L (FIFO): -$359.26 — proceeds $5,165.44, cost basis $5,524.70.
        Holding: 0.4 BTC left. Transaction 2.

        """)
    // 0.01 × 50,285.02 = 502.8502 → $502.85.
    #expect(income.status == 0, "\(income.stderr)")
    #expect(
      income.stdout == """
        Price at 00:00 UTC on 2021-05-04: $50,285.02 (Coinbase BTC-USD open, not checked \
        against CoinGecko).
        Transferred in 0.01 BTC as income worth $502.85 at $50,285.02 per coin. Holding: 0.41 \
        BTC. Transaction 3.

        """)
    let file = try Self.read(Self.portfolio(coins))
    #expect(
      file.contains(
        #""price": "55247.02", "currency": "usd", "date": "2021-05-01T00:00:00.000Z", "#
          + #""priceSource": "coinbase, unverified"}"#))
    expectEqual(file.components(separatedBy: #""priceSource": "coinbase, unverified""#).count, 4)
  }

  @Test func aUserPriceFileWinsOverEverySourceWhenAdding() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let prices = coins.home.path + "/my-prices.csv"
    try "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n".write(
      toFile: prices, atomically: true, encoding: .utf8)

    _ = try await coins.run(["prices", "import", prices])
    let buy = try await coins.run(["portfolio", "add", "btc", "0.5", "--date", "2021-05-01"])

    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(
      buy.stdout.hasPrefix(
        "Price at 00:00 UTC on 2021-05-01: $57,714.66 (your price from my-prices.csv).\n"))
    #expect(try Self.read(Self.portfolio(coins)).contains(#""priceSource": "yours"}"#))
  }

  @Test func aDayNoSourceHasIsExit69WithEverySourcesReasonAndNothingWritten() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins

    let result = try await coins.run(["portfolio", "add", "btc", "1", "--date", "2012-01-01"])

    expectEqual(result.status, 69)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr == """
        Error: No source has a price of bitcoin on 2012-01-01 in USD:
        Error: Your prices: none imported for btc in USD
        Error: CoinGecko: CoinGecko's free plan reaches only the past 365 days (from \
        \(PricesEndToEndTests.yearAgo))
        Error: Coinbase: no BTC-USD price on 2012-01-01 or the 7 days before
        Error: Binance: no BTCUSDT price on 2012-01-01 or the 7 days before
        Error: Give the price with --cost or --total.

        """)
    #expect(!FileManager.default.fileExists(atPath: Self.portfolio(coins)))
  }

  /// A Koinly universal file over ten years: a buy with its own USD value (the file), two BTC →
  /// ETH trades valued by BTC's Coinbase open, ETH staking income in 2022 valued by Binance
  /// (Coinbase is told not to list ETH), BTC income 30 days ago within CoinGecko's reach, and
  /// BTC income in 2012 before any source has bitcoin.
  @Test func anImportOfAMultiYearHistoryValuesEveryRowSomeSourceCovers() async throws {
    let sources = try await Sources.start(coinbaseParams: ["unlisted": "ETH"])
    defer { sources.stop() }
    let coins = sources.coins
    let recent = TransactionEndToEndTests.day(30)
    let file = coins.home.path + "/koinly.csv"
    try """
    Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,\
    Net Worth Amount,Net Worth Currency,Label,Description,TxHash
    2017-03-01T12:00:00.000Z,10000,USD,5,BTC,,,,,,,k1
    2019-05-01T12:00:00.000Z,1,BTC,20,ETH,,,,,,,k2
    2021-05-01T12:00:00.000Z,0.5,BTC,8,ETH,,,,,,,k3
    2022-03-01T12:00:00.000Z,,,0.1,ETH,,,,,staking,,k4
    \(recent)T12:00:00.000Z,,,0.01,BTC,,,,,staking,,k5
    2012-01-01T12:00:00.000Z,,,1,BTC,,,,,staking,,k0

    """.write(toFile: file, atomically: true, encoding: .utf8)

    let text = try await coins.run(["portfolio", "import", file, "--dry-run"])
    let json = try await coins.run(["portfolio", "import", file, "--json"])

    #expect(text.status == 0, "\(text.stderr)")
    let values = """
      Values: 1 from the file, 1 from CoinGecko's daily price, 2 from Coinbase's daily open, \
      1 from Binance's daily open via USDT, 1 unknown.
        no price of bitcoin on 1 day (2012-01-01): Your prices: none imported for btc in USD; \
      CoinGecko: no bitcoin price on 2012-01-01; Coinbase: no BTC-USD price on 2012-01-01 or \
      the 7 days before; Binance: no BTCUSDT price on 2012-01-01 or the 7 days before.

      """
    #expect(text.stdout.contains(values))
    #expect(
      text.stdout.contains(
        "  line 7: income of 1 BTC: no price in the file or from any price source\n"))
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let valuations = try #require(summary["valuations"] as? [String: Int])
    #expect(
      valuations == [
        "file": 1, "stablecoin": 0, "yours": 0, "coinGecko": 1, "coinbase": 2, "binance": 1,
        "unknown": 1,
      ])
    // The 2021 trade: 0.5 BTC at Coinbase's 55,247.02 = 27,623.51 USD, so the 8 ETH cost
    // 27,623.51 ÷ 8 = 3,452.93875 each; both halves name the source.
    let portfolio = try Self.read(Self.portfolio(coins))
    #expect(
      portfolio.contains(
        #""price": "55247.02", "currency": "usd", "date": "2021-05-01T12:00:00.000Z", "#))
    #expect(portfolio.contains(#""price": "3452.93875", "currency": "usd""#))
    #expect(portfolio.contains(#""priceSource": "binance via USDT, unverified""#))
    #expect(portfolio.contains(#""priceSource": "coingecko""#))
  }

  /// A buy in euros on Monday 2021-05-03 and a sale in euros on Saturday 2021-06-05, reported in
  /// dollars: the fake ECB fixed 1.0853 USD per EUR on 2021-05-03 and 1.1143 on Friday
  /// 2021-06-04, the last fixing before the Saturday (asked of the fake directly).
  @Test func gainsConvertPastDaysAtTheECBsRatesAndSaySoForAWeekend() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    _ = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "10000", "--currency", "eur", "--date",
      "2021-05-03",
    ])
    _ = try await coins.run([
      "portfolio", "sell", "btc", "0.5", "--price", "15000", "--currency", "eur", "--date",
      "2021-06-05",
    ])

    let gains = try await coins.run(["portfolio", "gains", "--currency", "usd", "--year", "2021"])

    // Proceeds 0.5 × 15,000 = 7,500 EUR × 1.1143 = $8,357.25; cost basis 0.5 × 10,000 = 5,000
    // EUR × 1.0853 = $5,426.50; gain 8,357.25 − 5,426.50 = $2,930.75.
    #expect(gains.status == 0, "\(gains.stderr)")
    #expect(
      gains.stdout == """
        Gains by US rules in USD · days in UTC
        Date        Coin  Amount   Proceeds  Cost basis        Gain  Lots  Term   ID
        2021-06-05  BTC      0.5  $8,357.25   $5,426.50  +$2,930.75     1  short   2
        2021: proceeds $8,357.25, cost basis $5,426.50, gain +$2,930.75 (first in, first out).
        2021 short term: proceeds $8,357.25, cost basis $5,426.50, gain +$2,930.75.
        2021 long term: none.

        """)
    #expect(
      gains.stderr
        == "Note: past days are converted at the ECB's euro reference rates; 1 day without a "
        + "fixing (a weekend or holiday) took the last rate before it.\n")
    // 2021 is a closed year: its fixings were kept, so with the ECB gone the report is the same.
    sources.ecb.stop()
    let again = try await coins.run(["portfolio", "gains", "--currency", "usd", "--year", "2021"])
    expectEqual(again.stdout, gains.stdout)
    expectEqual(again.stderr, gains.stderr)
    #expect(
      FileManager.default.fileExists(
        atPath: coins.home.path + "/cache/coins/daily-prices/ecb-USD-2021.txt"))
  }
}
