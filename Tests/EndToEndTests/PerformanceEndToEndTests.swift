import Foundation
import Testing

/// `coins portfolio performance` through the built binary, its prices from the price chain:
/// your imported prices (exact, so every figure is worked by hand below) and the loopback
/// fakes of CoinGecko, Coinbase, Binance and the ECB behind them.
///
/// The worked example of docs/returns.md: 1 BTC bought on 20 February 2021 at 50, 1 more on
/// 2 March at that day's open of 110; BTC opens 100, 110, 120, 90 on 1–4 March; ETH 10, 12, 12,
/// 15. Over 1–3 March: start 1 × 100; ends 110, 2 × 120 = 240, 2 × 90 = 180; flows 0, +110, 0.
/// r = 10 %, 240/220 − 1, −25 %: TWR = 1.1 × 12/11 × 0.75 − 1 = −10 %. Gain 180 − 100 − 110 =
/// −30. Drawdown from 1.2 (2 March) to 0.9 (3 March): −25 %. MWR over the 3 days (not
/// annualized): the daily factor y solving 100y³ + 110y² = 180 is 0.939461, y³ − 1 = −17.08 %
/// (0.9394 gives 179.97, 0.9395 gives 180.02). In ETH: 10 ETH, + 110/12 on
/// 2 March = 19.1666…; ends 120, 230, 287.50: gain 287.50 − 100 − 110 = 77.50, TWR
/// 1.2 × 230/230 × 1.25 − 1 = +50 %. The indices 1, 1.1, 1.2, 0.9 on one scale from 0.9 to
/// 1.2 in 8 blocks: (level − 0.9) / 0.3 × 7 = 2.33, 4.67, 7, 0 → ▃ ▆ █ ▁.
@Suite(.spawnsProcesses) struct PerformanceEndToEndTests {
  static let prices = """
    date,coin,price,currency
    2021-02-28,btc,100,usd
    2021-03-01,btc,100,usd
    2021-03-02,btc,110,usd
    2021-03-03,btc,120,usd
    2021-03-04,btc,90,usd
    2021-02-28,eth,10,usd
    2021-03-01,eth,10,usd
    2021-03-02,eth,12,usd
    2021-03-03,eth,12,usd
    2021-03-04,eth,15,usd

    """

  /// The fakes, your prices imported, only your prices asked (so nothing else answers), and
  /// the example's two buys recorded.
  static func example() async throws -> PricesEndToEndTests.Sources {
    let sources = try await PricesEndToEndTests.Sources.start()
    let coins = sources.coins
    let file = coins.home.path + "/my-prices.csv"
    try prices.write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    for words in [
      ["prices", "import", file],
      ["portfolio", "add", "btc", "1", "--cost", "50", "--date", "2021-02-20"],
      ["portfolio", "add", "btc", "1", "--cost", "110", "--date", "2021-03-02"],
    ] {
      let result = try await coins.run(words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    return sources
  }

  /// A held coin not named on disk (no market cache, not in the bundled sample: a portfolio
  /// file copied from elsewhere) is named by one request by its id, then remembered: your
  /// prices name it by its ticker, C032, so under its id it would have no price. 1 coin-0032
  /// bought at 00:00 UTC on 1 March at that day's open of 10; opens 11, 12, 13 on 2–4 March:
  /// over 1–3 March the start is 0, the end 1 × 13 = 13, the flows 10, the gain 13 − 10 = 3.
  @Test func aCoinNotNamedOnDiskIsNamedByOneRequestAndRemembered() async throws {
    let sources = try await PricesEndToEndTests.Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let file = coins.home.path + "/c032.csv"
    try """
    date,coin,price,currency
    2021-03-01,c032,10,usd
    2021-03-02,c032,11,usd
    2021-03-03,c032,12,usd
    2021-03-04,c032,13,usd

    """.write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    let imported = try await coins.run(["prices", "import", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    _ = try RepriceEndToEndTests.place(
      """
      {"version": 3, "holdings": [{"id": "coin-0032", "transactions": [
      {"id": "1", "type": "buy", "amount": "1", "price": "10", "currency": "usd", "date": "2021-03-01T00:00:00.000Z"}]}]}

      """, in: coins)
    let range = [
      "portfolio", "performance", "--from", "2021-03-01", "--to", "2021-03-03", "--json",
      "--benchmark", "none",
    ]
    let marketsBefore = try await sources.coinGecko.marketRequests().count

    let first = try await coins.run(range)
    let markets = try await sources.coinGecko.marketRequests()
    let second = try await coins.run(range)
    let marketsAfter = try await sources.coinGecko.marketRequests().count

    #expect(first.status == 0, "\(first.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    let portfolio = try #require(object["portfolio"] as? [String: Any])
    expectEqual(portfolio["end"] as? Double, 13)
    expectEqual(portfolio["gain"] as? Double, 3)
    expectEqual(markets.count, marketsBefore + 1)
    expectEqual(markets.last?.query["ids"], "coin-0032")
    #expect(second.status == 0, "\(second.stderr)")
    expectEqual(second.stdout, first.stdout)
    expectEqual(marketsAfter, markets.count)
  }

  @Test func theWorkedExampleAgainstBitcoinAndEther() async throws {
    let sources = try await Self.example()
    defer { sources.stop() }
    let range = ["portfolio", "performance", "--from", "2021-03-01", "--to", "2021-03-03"]

    let btc = try await sources.coins.run(range)
    let eth = try await sources.coins.run(range + ["--benchmark", "eth"])

    #expect(btc.status == 0, "\(btc.stderr)")
    expectEqual(btc.stderr, "")
    #expect(
      btc.stdout == """
        Portfolio · 2021-03-01 to 2021-03-03 (3 days) · USD · against BTC
                                                        Portfolio                                 BTC
        Value at start                                    $100.00                             $100.00
        Value at end                                      $180.00                             $180.00
        Net flows                                        +$110.00                            +$110.00
        Gain                                              -$30.00                             -$30.00
          realized                                         +$0.00
          unrealized                                      -$30.00
          income                                           +$0.00
          fees                                             +$0.00
        Time-weighted return                              -10.00%                             -10.00%
        Money-weighted return                             -17.08%                             -17.08%
        Max drawdown           -25.00% (2021-03-02 to 2021-03-03)  -25.00% (2021-03-02 to 2021-03-03)

        Portfolio  ▃▆█▁  1.00 to 0.90
        BTC        ▃▆█▁  1.00 to 0.90

        Prices: yours (btc USD).

        """)
    #expect(eth.status == 0, "\(eth.stderr)")
    let ethLines = eth.stdoutLines
    expectEqual(ethLines.first, "Portfolio · 2021-03-01 to 2021-03-03 (3 days) · USD · against ETH")
    #expect(ethLines.contains { $0.hasPrefix("Value at end") && $0.hasSuffix("$287.50") })
    #expect(ethLines.contains { $0.hasPrefix("Gain") && $0.hasSuffix("+$77.50") })
    #expect(ethLines.contains { $0.hasPrefix("Time-weighted return") && $0.hasSuffix("+50.00%") })
  }

  @Test func jsonCSVByCoinAndPerMonth() async throws {
    let sources = try await Self.example()
    defer { sources.stop() }
    // From 28 February: a flat first day (1 × 100 at the end, the start 1 × 100) in February.
    let range = ["portfolio", "performance", "--from", "2021-02-28", "--to", "2021-03-03"]

    let json = try await sources.coins.run(range + ["--json", "--by-coin", "--benchmark", "none"])
    let csv = try await sources.coins.run(range + ["--csv", "--per", "month"])

    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    expectEqual(object["from"] as? String, "2021-02-28")
    expectEqual(object["days"] as? Int, 4)
    #expect(object["benchmark"] is NSNull)
    let portfolio = try #require(object["portfolio"] as? [String: Any])
    expectEqual(portfolio["start"] as? Double, 100)
    expectEqual(portfolio["end"] as? Double, 180)
    expectEqual(portfolio["netFlows"] as? Double, 110)
    expectEqual(portfolio["gain"] as? Double, -30)
    #expect(abs((portfolio["timeWeighted"] as? Double ?? 0) + 0.1) < 1e-12)
    let coins = try #require(object["coins"] as? [[String: Any]])
    expectEqual(coins.map { $0["coin"] as? String }, ["bitcoin"])
    #expect(abs((coins.first?["contribution"] as? Double ?? 0) + 0.1) < 1e-12)

    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = csv.stdoutLines
    #expect(
      rows.first
        == "kind,name,from,to,start,end,netFlows,gain,realized,unrealized,income,fees,"
        + "timeWeighted,moneyWeighted,moneyWeightedAnnualized,currency")
    #expect(
      rows[1].hasPrefix(
        "portfolio,Portfolio,2021-02-28,2021-03-03,100.00,180.00,110.00,-30.00,0.00,-30.00,0.00,0.00,"
      ))
    #expect(rows.contains("period,2021-02,2021-02-28,2021-02-28,,,,,,,,,0,,,USD"))
    #expect(
      rows.contains {
        $0.hasPrefix("period,2021-03,2021-03-01,2021-03-03,,,,,,,,,-0.1000000000000")
      })
    #expect(rows.contains { $0.hasPrefix("benchmark-period,2021-03,") })
  }

  /// A move of 0.5 BTC (0.49 arriving) into ledger on 1 March, of the first BTC bought in
  /// kraken. ledger: a flow in of 0.49 × 100 = 49; ends 0.49 × 110 = 53.90, 0.49 × 120 =
  /// 58.80 on 2 March: gain 9.80, TWR 58.8/49 − 1 = +20 %. kraken: start 100, a flow out of
  /// −49, the 0.01 the network kept a fee of −1; holds 0.5, then 1.5 after the buy of 2 March
  /// (recorded in kraken): ends 55, 1.5 × 120 = 180; gain 180 − 100 − (−49 + 110) = 19.
  @Test func aWalletWithAMoveInAndEachWalletOnItsOwn() async throws {
    let sources = try await PricesEndToEndTests.Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let file = coins.home.path + "/my-prices.csv"
    try Self.prices.write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    for words in [
      ["prices", "import", file],
      [
        "portfolio", "add", "btc", "1", "--cost", "50", "--date", "2021-02-20", "--wallet",
        "kraken",
      ],
      [
        "portfolio", "transfer", "move", "btc", "0.5", "--fee", "0.01", "--from", "kraken", "--to",
        "ledger", "--date", "2021-03-01",
      ],
      [
        "portfolio", "add", "btc", "1", "--cost", "110", "--date", "2021-03-02", "--wallet",
        "kraken",
      ],
    ] {
      let result = try await coins.run(words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    let range = [
      "portfolio", "performance", "--from", "2021-03-01", "--to", "2021-03-02", "--json",
    ]

    let ledger = try await coins.run(range + ["--wallet", "ledger", "--benchmark", "none"])
    let byWallet = try await coins.run(range + ["--by-wallet", "--benchmark", "none"])

    #expect(ledger.status == 0, "\(ledger.stderr)")
    let ledgerObject = try #require(
      try JSONSerialization.jsonObject(with: Data(ledger.stdout.utf8)) as? [String: Any])
    let ledgerFigures = try #require(ledgerObject["portfolio"] as? [String: Any])
    expectEqual(ledgerFigures["start"] as? Double, 0)
    expectEqual(ledgerFigures["netFlows"] as? Double, 49)
    expectEqual(ledgerFigures["end"] as? Double, 58.8)
    expectEqual(ledgerFigures["gain"] as? Double, 9.8)
    #expect(abs((ledgerFigures["timeWeighted"] as? Double ?? 0) - 0.2) < 1e-12)
    #expect(byWallet.status == 0, "\(byWallet.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(byWallet.stdout.utf8)) as? [String: Any])
    let wallets = try #require(object["wallets"] as? [[String: Any]])
    expectEqual(wallets.map { $0["wallet"] as? String }, ["kraken", "ledger"])
    expectEqual(wallets.first?["gain"] as? Double, 19)
    expectEqual(wallets.first?["fees"] as? Double, -1)
    expectEqual(wallets.last?["gain"] as? Double, 9.8)
  }

  /// Only your prices asked, the last on 4 March: 5–11 March carry it forward (7 days), 12 and
  /// 13 March have none, so the range to 12 March (whose end value is 13 March's open) is
  /// unknown, the coin and the days named.
  @Test func anUnknownPriceIsNamedNeverSkipped() async throws {
    let sources = try await Self.example()
    defer { sources.stop() }

    let result = try await sources.coins.run([
      "portfolio", "performance", "--from", "2021-03-01", "--to", "2021-03-12",
    ])

    expectEqual(result.status, 69)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr.hasPrefix(
        "Error: No price of BTC in USD on 2 days from 2021-03-12 to 2021-03-13, nor in the 7 "
          + "days before: the range's values are unknown.\nError: Your prices: no btc USD "
          + "price on 2021-03-12\n"))
  }

  /// Beyond CoinGecko's free year the default chain prices May 2021 from the fake Coinbase
  /// (BTC-USD). 2 BTC held throughout, no flow: the end value is 2 × the open of 4 May, the
  /// time-weighted return BTC's own open of 1 May to that of 4 May — the benchmark's too —
  /// each open as `coins price --date` reports it.
  @Test func pricesFromTheFakeCoinbaseAndBitcoinAgainstItself() async throws {
    let sources = try await PricesEndToEndTests.Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let added = try await coins.run([
      "portfolio", "add", "btc", "2", "--cost", "100", "--date", "2021-04-01",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    func open(_ day: String) async throws -> Double {
      let json = try await coins.run(["price", "btc", "--date", day, "--json"])
      let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
      return try #require(object?["price"] as? Double)
    }
    let first = try await open("2021-05-01")
    let after = try await open("2021-05-04")

    let table = try await coins.run([
      "portfolio", "performance", "--from", "2021-05-01", "--to", "2021-05-03",
    ])
    let json = try await coins.run([
      "portfolio", "performance", "--from", "2021-05-01", "--to", "2021-05-03", "--json",
    ])

    expectEqual(first, 55247.02)
    #expect(table.status == 0, "\(table.stderr)")
    let priceReturn = String(format: "%+.2f%%", (after / first - 1) * 100)
    let row = try #require(table.stdoutLines.first { $0.hasPrefix("Time-weighted return") })
    expectEqual(row.split(separator: " ").suffix(2).map(String.init), [priceReturn, priceReturn])
    #expect(table.stdoutLines.contains("Prices: coinbase (BTC-USD)."))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let portfolio = try #require(object["portfolio"] as? [String: Any])
    let benchmark = try #require(object["benchmark"] as? [String: Any])
    expectEqual(portfolio["start"] as? Double, 2 * first)
    #expect(abs((portfolio["end"] as? Double ?? 0) - 2 * after) < 0.005)
    expectEqual(portfolio["end"] as? Double, benchmark["end"] as? Double)
    let twr = try #require(portfolio["timeWeighted"] as? Double)
    #expect(abs(twr - (after / first - 1)) < 1e-12)
    #expect(abs((benchmark["timeWeighted"] as? Double ?? 0) - twr) < 1e-12)
  }

  @Test func usageErrors() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let both = try await coins.run([
      "portfolio", "performance", "--range", "1y", "--from", "2026-01-01",
    ])
    let per = try await coins.run(["portfolio", "performance", "--per", "week"])
    let today = try await coins.run([
      "portfolio", "performance", "--from", "2021-01-01", "--to", "2099-01-01",
    ])

    expectEqual(both.status, 64)
    #expect(both.stderr.hasPrefix("Error: '--range' and '--from' cannot be used together.\n"))
    expectEqual(per.status, 64)
    #expect(
      per.stderr.hasPrefix(
        "Error: The value 'week' is invalid for '--per <period>'. Please provide one of 'month', "
          + "'year'.\n"))
    expectEqual(today.status, 64)
  }
}
