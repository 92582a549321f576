import Foundation
import Testing

/// Buys, sells, transfers, history and undo through the built binary against the loopback
/// fake, whose past prices are 0.8 × today's: bitcoin $40,000 on any past day, $50,000 now
/// (see FakeCoinGecko/fake_ledger.py).
@Suite(.spawnsProcesses) struct TransactionEndToEndTests {
  /// `YYYY-MM-DD`, `days` before today (UTC).
  static func day(_ days: Int) -> String {
    let date = Date().addingTimeInterval(-Double(days) * 86_400)
    let format = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month()
      .day()
    return date.formatted(format)
  }

  static func portfolioFile(_ coins: CoinsBinary) -> URL {
    URL(fileURLWithPath: coins.home.path + "/data/coins/portfolio.json")
  }

  @Test func aDateWithoutAPriceTakesThatDaysPriceOnceAndKeepsIt() async throws {
    // In mode "fixed-rates" the fake's daily snapshot of a past day is bitcoin's base USD price
    // × 0.8 = 50,000 × 0.8 = $40,000, as its /history says.
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let day = Self.day(30)

    let first = try await coins.run(["portfolio", "add", "btc", "1", "--date", day])
    let second = try await coins.run(["portfolio", "add", "btc", "0.5", "--date", day])

    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout == "Price at 00:00 UTC on \(day): $40,000.00 (CoinGecko's daily price).\n"
        + "Added 1 btc → Bitcoin (bitcoin) at $40,000.00 per coin.\nHolding: 1 BTC in 1 lot.\n")
    #expect(second.stdout.hasSuffix("Holding: 1.5 BTC in 2 lots.\n"))
    let ranges = try await fake.requests().filter { $0.path.hasSuffix("/market_chart/range") }
    expectEqual(ranges.count, 1)  // the second add read the kept closed day
    expectEqual(ranges.first?.path, "/api/v3/coins/bitcoin/market_chart/range")
    let text = try String(contentsOf: Self.portfolioFile(coins), encoding: .utf8)
    #expect(text.contains(#""date": "\#(day)T00:00:00.000Z""#))
    #expect(text.contains(#""price": "40000""#))
    #expect(text.contains(#""priceSource": "coingecko""#))
  }

  @Test func aDayNoSourceReachesIsRefusedAskingForThePrice() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for variable in ["COINS_COINBASE_BASE_URL", "COINS_BINANCE_BASE_URL", "COINS_ECB_BASE_URL"] {
      coins.environment[variable] = "http://127.0.0.1:9"
    }
    let day = Self.day(400)

    let result = try await coins.run(["portfolio", "add", "btc", "1", "--date", day])

    expectEqual(result.status, 69)
    #expect(
      result.stderr == """
        Error: No source has a price of bitcoin on \(day) in USD:
        Error: Your prices: none imported for btc in USD
        Error: CoinGecko: CoinGecko's free plan reaches only the past 365 days (from \
        \(PricesEndToEndTests.yearAgo))
        Error: Coinbase: Coinbase could not be reached: connection refused
        Error: Binance: Binance could not be reached: connection refused
        Error: Give the price with --cost or --total.

        """)
    #expect(!FileManager.default.fileExists(atPath: Self.portfolioFile(coins).path))
    let given = try await coins.run([
      "portfolio", "add", "btc", "1", "--date", day, "--cost", "9000",
    ])
    expectEqual(given.status, 0)
  }

  @Test func sellsRealizeProfitFirstInFirstOutAndNeverMoreThanHeld() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "30000", "--fee", "10", "--date", Self.day(60),
    ])

    // Proceeds 0.4 × 45,000 − 5 = 17,995; cost 0.4 × (30,000 + 10) = 12,004; gain 5,991.
    let sale = try await coins.run([
      "portfolio", "sell", "btc", "0.4", "--price", "45000", "--fee", "5", "--date", Self.day(20),
    ])
    expectEqual(sale.status, 0)
    #expect(
      sale.stdout == "Sold 0.4 BTC at $45,000.00 per coin - $5.00 fee.\n"
        + "Realized P/L (FIFO): +$5,991.00 — proceeds $17,995.00, cost basis $12,004.00.\n"
        + "Holding: 0.6 BTC left. Transaction 2.\n")

    let file = Self.portfolioFile(coins)
    let before = try Data(contentsOf: file)
    let tooMuch = try await coins.run(["portfolio", "sell", "btc", "0.7", "--price", "1"])
    expectEqual(tooMuch.status, 1)
    #expect(tooMuch.stderr.hasPrefix("Error: Cannot take out 0.7 BTC on "))
    #expect(tooMuch.stderr.hasSuffix(": the portfolio holds only 0.6 then. Nothing was changed.\n"))
    try expectEqual(Data(contentsOf: file), before)

    // No price: the live one, $50,000. Proceeds 5,000; cost 0.1 × 30,010 = 3,001.
    let live = try await coins.run(["portfolio", "sell", "btc", "0.1"])
    #expect(
      live.stdout == "Price now: $50,000.00 (CoinGecko, live).\n"
        + "Sold 0.1 BTC at $50,000.00 per coin.\n"
        + "Realized P/L (FIFO): +$1,999.00 — proceeds $5,000.00, cost basis $3,001.00.\n"
        + "Holding: 0.5 BTC left. Transaction 3.\n")

    let history = try await coins.run(["portfolio", "history", "--csv"])
    #expect(
      history.stdoutLines.dropFirst().prefix(2) == [
        "1,\(Self.day(60))T00:00:00.000Z,buy,bitcoin,1,30000,usd,10,usd,,,default,,given",
        "2,\(Self.day(20))T00:00:00.000Z,sell,bitcoin,0.4,45000,usd,5,usd,5991.00,,default,,given",
      ])
  }

  @Test func aYearWithoutSalesIsNamed() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    _ = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "30000", "--date", Self.day(60),
    ])
    _ = try await coins.run([
      "portfolio", "sell", "btc", "0.5", "--price", "40000", "--date", Self.day(30),
    ])
    let year = Int(Self.day(30).prefix(4)) ?? 0

    let before = try await coins.run(["portfolio", "gains", "--year", String(year - 1)])
    let that = try await coins.run(["portfolio", "gains", "--year", String(year)])

    expectEqual(before.status, 0)
    #expect(
      before.stdout
        == "Gains by US rules in USD · days in UTC\nNo sales recorded in \(year - 1).\n")
    #expect(that.stdout.contains("+$5,000.00"))
  }

  @Test func offlineASellWithoutAPriceIsRefusedAndNothingIsWritten() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["portfolio", "add", "btc", "1", "--cost", "100"])
    _ = try await coins.run(["top", "5"])  // a cached market that must not be used as a price
    let before = try Data(contentsOf: Self.portfolioFile(coins))

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let result = try await coins.run(["portfolio", "sell", "bitcoin", "0.5"])

    expectEqual(result.status, 69)
    #expect(
      result.stderr
        == "Error: Cannot fetch the price of bitcoin now: Cannot reach 127.0.0.1 (connection "
        + "refused). Give the price with --price or --total.\n")
    try expectEqual(Data(contentsOf: Self.portfolioFile(coins)), before)
  }

  @Test func undoTakesBackOneTransactionButNeverLeavesANegativeBalance() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let words = ["--file", file]
    _ = try await coins.run(
      ["portfolio", "transfer", "in", "--id", "bitcoin", "1", "--date", Self.day(9)] + words)
    _ = try await coins.run(
      ["portfolio", "sell", "bitcoin", "0.5", "--price", "10", "--date", Self.day(5)] + words)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))

    let refused = try await coins.run(["portfolio", "undo", "1"] + words)
    expectEqual(refused.status, 1)
    #expect(
      refused.stderr
        == "Error: Cannot undo transaction 1: a later take-out of 0.5 BTC on \(Self.day(5)) "
        + "would exceed the 0 held then. Nothing was changed.\n")
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)

    let undone = try await coins.run(["portfolio", "undo", "2"] + words)
    expectEqual(undone.status, 0)
    #expect(
      undone.stdout
        == "Removed transaction 2: sell 0.5 BTC on \(Self.day(5)) at $10.00 per coin.\n")
    let missing = try await coins.run(["portfolio", "undo", "2"] + words)
    expectEqual(missing.status, 1)
    #expect(
      missing.stderr
        == "Error: No transaction has the id '2'; coins portfolio history lists them.\n")
  }

  @Test func aVersionOneFileIsUpgradedOnTheFirstChangeAndItsBytesKept() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let versionOne =
      #"{"version": 1, "holdings": [{"id": "bitcoin", "lots": [{"amount": "2", "cost": "100", "costCurrency": "usd", "date": "2026-01-01T00:00:00Z"}]}]}"#
    try Data(versionOne.utf8).write(to: URL(fileURLWithPath: file))

    let list = try await coins.run(["portfolio", "history", "--file", file])
    try expectEqual(String(contentsOfFile: file, encoding: .utf8), versionOne)
    #expect(list.stdout.contains("buy"))
    let sale = try await coins.run([
      "portfolio", "sell", "bitcoin", "1", "--price", "150", "--file", file,
    ])
    expectEqual(sale.status, 0)
    #expect(
      sale.stderr
        == "Note: the portfolio file was upgraded to format version 3; the version-1 file is "
        + "kept as \(file).v1.\n")
    #expect(sale.stdout.contains("Realized P/L (FIFO): +$50.00"))
    try expectEqual(String(contentsOfFile: file + ".v1", encoding: .utf8), versionOne)
    let again = try await coins.run([
      "portfolio", "sell", "bitcoin", "0.5", "--price", "150", "--file", file,
    ])
    expectEqual(again.stderr, "")
  }

  /// Bought in EUR, sold in USD, valued in both: in mode "fixed-rates" the fake's past rate is
  /// 1 EUR = 1.25 USD
  /// (BTC 40,000 USD = 32,000 EUR every past day), today's 1 USD = 0.9 EUR.
  @Test func profitInAnotherCurrencyIsConvertedAtTheDaysRate() async throws {
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "8000", "--fee", "40", "--currency", "eur",
      "--date", Self.day(30),
    ])
    // Cost 8,040 EUR × 1.25 = 10,050 USD; half sold: 5,025. Proceeds 6,000 − 10 = 5,990.
    let sale = try await coins.run([
      "portfolio", "sell", "btc", "0.5", "--price", "12000", "--fee", "10", "--date", Self.day(10),
    ])
    #expect(
      sale.stdout.contains(
        "Realized P/L (FIFO): +$965.00 — proceeds $5,990.00, cost basis $5,025.00.\n"))

    // In USD: 0.5 left costing 5,025 at $50,000 now: unrealized 25,000 − 5,025 = 19,975.
    let usd = try await coins.run(["portfolio", "value", "--json"])
    let dollars = try JSONDecoder().decode(ValueDocument.self, from: Data(usd.stdout.utf8))
    expectEqual(dollars.cost, 5025)
    expectEqual(dollars.pnl, 19975)
    #expect(usd.stdout.contains(#""unrealizedPnl":19975,"realizedPnl":965,"fees":60,"#))
    #expect(usd.stdout.contains(#""method":"fifo","convertedAtTodaysRate":false"#))

    // In EUR: cost 4,020; proceeds (6,000 − 10) × 0.8 = 4,792; gain 772; fees 40 + 8 = 48.
    let gains = try await coins.run(["portfolio", "gains", "--currency", "eur", "--csv"])
    #expect(
      gains.stdoutLines == [
        "date,coin,amount,proceeds,costBasis,gain,currency,id,provenance",
        // The sale's price, given in USD, at the day's 32,000 ÷ 40,000 = 0.8 EUR per USD.
        "\(Self.day(10)),bitcoin,0.5,4792.00,4020.00,772.00,eur,2,"
          + "given; usd->eur 0.8 bitcoin \(Self.day(10))", "",
      ])
    // History shows the sale's gain in its own currency, USD, with the EUR buy converted.
    let history = try await coins.run(["portfolio", "history", "--csv"])
    #expect(
      history.stdoutLines[2].hasSuffix(",sell,bitcoin,0.5,12000,usd,10,usd,965.00,,default,,given"))
    let charts = try await fake.requests().filter { $0.path.hasSuffix("/market_chart") }
    // Two requests for the pair, kept a day: the sell, value, gains and history share them.
    expectEqual(charts.compactMap { $0.query["vs_currency"] }.sorted(), ["eur", "usd"])
    try await expectEqual(fake.requests().filter { $0.path.hasSuffix("/exchange_rates") }.count, 1)
    #expect(charts.allSatisfy { $0.query["days"] == "365" })
  }

  /// `watch --portfolio` values through the same code as `portfolio value`: a EUR cost is
  /// converted at its day's rate (1 EUR = 1.25 USD in mode "fixed-rates"), not left out.
  @Test func watchShowsTheCostsAndProfitsThatValueShows() async throws {
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for arguments in [
      [
        "add", "btc", "1", "--cost", "8000", "--fee", "40", "--currency", "eur", "--date",
        Self.day(30),
      ],
      ["add", "btc", "0.5", "--cost", "20000", "--date", Self.day(20)],
      ["sell", "btc", "0.5", "--price", "12000", "--fee", "10", "--date", Self.day(10)],
    ] {
      let result = try await coins.run(["portfolio"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    // FIFO: the sale takes half the EUR lot, 8,040 × 1.25 / 2 = 5,025; realized 5,990 − 5,025.
    // Left: 5,025 + 10,000 = 15,025 for 1 BTC at $50,000; fees 40 × 1.25 + 10 = 60.
    let expected = #""unrealizedPnl":34975,"realizedPnl":965,"fees":60,"#
    let value = try await coins.run(["portfolio", "value", "--json"])
    #expect(value.stdout.contains(expected), "\(value.stdout)")
    #expect(
      try JSONDecoder().decode(ValueDocument.self, from: Data(value.stdout.utf8)).cost == 15025)

    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "--portfolio", "--json", "--interval", "60"])
    let gotOne = try await watch.wait { !watch.lines.isEmpty }
    _ = await watch.stop(with: SIGINT)
    #expect(gotOne)
    let line = watch.lines.first ?? ""
    #expect(line.contains(expected), "\(line)")
    try expectEqual(JSONDecoder().decode(ValueDocument.self, from: Data(line.utf8)).cost, 15025)
  }

  @Test func beyondTheYearACostIsConvertedAtTodaysRateAndSaysSo() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "9000", "--currency", "eur", "--date",
      Self.day(500),
    ])
    // Today 1 BTC = 50,000 USD = 45,000 EUR: 9,000 EUR = 10,000 USD.
    let value = try await coins.run(["portfolio", "value", "--json"])
    let document = try JSONDecoder().decode(ValueDocument.self, from: Data(value.stdout.utf8))
    expectEqual(document.cost, 10000)
    #expect(value.stdout.contains(#""convertedAtTodaysRate":true"#))
    let table = try await coins.run(["portfolio", "value"])
    #expect(table.stdout.contains("on $10,000.00 · some costs converted at today's rate"))
  }

  @Test func exportImportRoundTripIsByteForByteAndImportIsAllOrNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let first = ["--file", coins.home.path + "/first.json"]
    let second = ["--file", coins.home.path + "/second.json"]
    _ = try await coins.run(
      [
        "portfolio", "add", "--id", "bitcoin", "2", "--cost", "100", "--note", "=cmd|x", "--date",
        Self.day(3),
      ] + first)
    _ = try await coins.run(
      [
        "portfolio", "sell", "bitcoin", "0.5", "--price", "120", "--fee", "1", "--date",
        Self.day(2),
      ] + first)
    let exported = try await coins.run(["portfolio", "export", "--csv"] + first)
    #expect(exported.stdoutLines[1].hasSuffix(",buy,bitcoin,2,100,usd,,,'=cmd|x,1,default,,,,,"))
    let csv = coins.home.path + "/t.csv"
    try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: csv))

    let imported = try await coins.run(["portfolio", "import", csv] + second)
    let again = try await coins.run(["portfolio", "import", csv] + second)
    let reexported = try await coins.run(["portfolio", "export", "--csv"] + second)
    #expect(
      imported.stdout
        == "Read 2 rows of coins (export v2) from \(csv).\nTransactions: 2 (buy 1, sell 1).\n"
        + "  BTC: buy 1, sell 1\n"
        + "Values: 2 from the file.\nImported 2 transactions into the wallet 'default'.\n")
    #expect(
      again.stdoutLines.dropLast().last
        == "Imported 0 transactions into the wallet 'default'; 2 already there.")
    expectEqual(reexported.stdout, exported.stdout)

    let bad = coins.home.path + "/bad.csv"
    try Data("date,type,coin,amount\n2026-01-01,buy,bitcoin,1\n2026-01-02,sell,bitcoin,-1\n".utf8)
      .write(to: URL(fileURLWithPath: bad))
    let before = try Data(contentsOf: URL(fileURLWithPath: coins.home.path + "/second.json"))
    let refused = try await coins.run(["portfolio", "import", bad] + second)
    expectEqual(refused.status, 65)
    #expect(
      refused.stderr
        == "Error: \(bad) line 3, column amount: '-1' is not a positive number such as 0.5. "
        + "Nothing was imported.\n")
    try expectEqual(
      Data(contentsOf: URL(fileURLWithPath: coins.home.path + "/second.json")), before)
  }
}
