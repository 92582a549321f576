import Foundation
import Testing

/// Fair values, unknown costs, tickers and `--map` of `coins portfolio import`, through the
/// built binary against the fake in mode "fixed-rates" (bitcoin 40,000 USD on every past day).
@Suite(.spawnsProcesses) struct ImportValuationEndToEndTests {
  static let header =
    "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,"
    + "Net Worth Amount,Net Worth Currency,Label,Description,TxHash"

  static func at(_ days: Int) -> String { TransactionEndToEndTests.day(days) + "T12:00:00.000Z" }

  /// A Koinly universal file, by hand: 0.5 BTC bought for 10,000 USD + 10 USD fee (cost 10,010);
  /// 0.3 ETH deposited (cost unknown); 0.1 BTC traded for 2 ETH, valued by bitcoin's daily price
  /// (0.1 × 40,000 = 4,000 USD: proceeds 4,000, cost basis 0.1 × 10,010 / 0.5 = 2,002, gain
  /// 1,998; the 2 ETH cost 4,000); 0.01 BTC staking income at 400 USD; 1,000 USDT for 0.02 BTC
  /// at 1 USD the USDT (the BTC cost 1,000; the 1,000 USDT were held before the export, cost
  /// unknown). BTC: 0.43 held costing 0.4 × 20,020 + 400 + 1,000 = 9,408; ETH: 2.3, 2 of them
  /// costed at 4,000.
  static let trades =
    [
      header,
      "\(at(60)),10000,USD,0.5,BTC,10,USD,,,,,k1",
      "\(at(40)),,,0.3,ETH,,,,,,,k2",
      "\(at(30)),0.1,BTC,2,ETH,,,,,,,k3",
      "\(at(20)),,,0.01,BTC,,,,,staking,,k4",
      "\(at(10)),1000,USDT,0.02,BTC,,,,,,,k5",
    ].joined(separator: "\n") + "\n"

  @Test func tradesAreValuedOnceAndIncomeAtItsFairValue() async throws {
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = coins.home.path + "/koinly.csv"
    try Self.trades.write(toFile: source, atomically: true, encoding: .utf8)

    let imported = try await coins.run(["portfolio", "import", source])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout
        == """
        Read 5 rows of koinly (universal) from \(source).
        Transactions: 7 (buy 3, sell 2, in 1, income 1).
          BTC: buy 2, sell 1, income 1
          ETH: buy 1, in 1
          USDT: sell 1
        Coins: BTC → bitcoin (symbol, market-cap rank 1); ETH → ethereum (symbol, market-cap \
        rank 2); USDT → tether (symbol, market-cap rank 3).
        Values: 1 from the file, 1 at 1 USD (USDT), 2 from CoinGecko's daily price.
        Cost unknown (1):
          line 3: deposit of 0.3 ETH: a deposit from outside, no value in the file
        Held before the export: 1000 USDT (line 6 takes out more than the file brought in), \
        cost unknown.
        Not paired as a move (1):
          transaction 2 (line 3): deposit of 0.3 ETH into koinly, cost unknown
          Import the other wallet's export to pair them, or pair one with coins portfolio \
        transfer link <out-id> <in-id>.
        Imported 8 transactions (7 of the 7 above and 1 stand-in for coins held before the \
        export) into the wallet 'koinly'.

        """)
    let charts = try await fake.requests().filter { $0.path.hasSuffix("/market_chart/range") }
    // Bitcoin's daily opens (the price chain's CoinGecko, one span for every day needed) value
    // both trades and the income: ethereum's are never asked for.
    expectEqual(charts.map(\.path), ["/api/v3/coins/bitcoin/market_chart/range"])
    #expect(charts.allSatisfy { $0.query["vs_currency"] == "usd" })

    let value = try await coins.run(["portfolio", "value", "--json", "--all"])
    let valued = try JSONDecoder().decode(
      ImportEndToEndTests.ValueDocument.self, from: Data(value.stdout.utf8)
    ).holdings
    expectEqual(valued.map(\.id), ["bitcoin", "ethereum", "tether"])
    expectEqual(valued.map(\.amount), [Decimal(string: "0.43"), Decimal(string: "2.3"), 0])
    expectEqual(valued.map(\.cost), [9408, 4000, nil])
    expectEqual(valued[0].realizedPnl, 1998)
    expectEqual(valued[0].fees, 10)
    let gains = try await coins.run(["portfolio", "gains", "--json"])
    #expect(
      gains.stdout.contains(
        #""coin":"bitcoin","amount":0.1,"proceeds":4000,"costBasis":2002,"gain":1998"#))
    #expect(
      gains.stdout.contains(
        #""coin":"tether","amount":1000,"proceeds":1000,"costBasis":null,"gain":null"#))
    let file = try String(
      contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)
    #expect(
      file.contains(
        #""type": "in", "amount": "0.01", "price": "40000", "currency": "usd", "date": ""#
          + #"\#(Self.at(20))", "note": "staking income", "income": true"#))

    let again = try await coins.run(["portfolio", "import", source])
    #expect(
      again.stdoutLines.dropLast().last
        == "Imported 0 transactions into the wallet 'koinly'; 7 already there.")
    let chartsAfter = try await fake.requests().filter {
      $0.path.hasSuffix("/market_chart/range")
    }
    #expect(chartsAfter.count == charts.count, "closed days are kept")
  }

  @Test func aFileWithoutIdsImportedOfflineThenOnlineIsThereOnce() async throws {
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let source = coins.home.path + "/koinly.csv"
    // The same rows without their TxHash: matched by content. The trade's sale and buy and the
    // income, of unknown value offline, are valued by CoinGecko online: priced now.
    let withoutIDs = Self.trades.replacingOccurrences(
      of: #",k\d\n"#, with: ",\n", options: .regularExpression)
    try withoutIDs.write(toFile: source, atomically: true, encoding: .utf8)

    let offline = try await coins.run(["portfolio", "import", source])
    coins.environment["COINGECKO_BASE_URL"] = fake.baseURL
    let online = try await coins.run(["portfolio", "import", source])
    let history = try await coins.run(["portfolio", "history", "--csv"])

    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(
      offline.stdoutLines.dropLast().last
        == "Imported 8 transactions (7 of the 7 above and 1 stand-in for coins held before the "
        + "export) into the wallet 'koinly'.")
    #expect(online.status == 0, "\(online.stderr)")
    #expect(
      online.stdoutLines.dropLast().last
        == "Imported 0 transactions into the wallet 'koinly'; 7 already there, 3 of them priced "
        + "now.")
    // The 7 rows' transactions and the 1,000 USDT held before the export, once each; the costs
    // those of the import made online at once (tradesAreValuedOnceAndIncomeAtItsFairValue).
    expectEqual(history.stdoutLines.filter { !$0.isEmpty }.count, 1 + 8)
    let value = try await coins.run(["portfolio", "value", "--json", "--all"])
    let valued = try JSONDecoder().decode(
      ImportEndToEndTests.ValueDocument.self, from: Data(value.stdout.utf8)
    ).holdings
    expectEqual(valued.map(\.cost), [9408, 4000, nil])
    expectEqual(valued[0].realizedPnl, 1998)
  }

  @Test func anUnknownTickerFailsWithTheMapToWriteAndAMapIsRemembered() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = coins.home.path + "/simple.csv"
    try "Koinly Date,Amount,Currency,Label,TxHash\n\(Self.at(5)),12,QQXZ,,t1\n".write(
      toFile: source, atomically: true, encoding: .utf8)
    let portfolio = coins.home.path + "/data/coins/portfolio.json"

    let refused = try await coins.run(["portfolio", "import", source])
    expectEqual(refused.status, 65)
    #expect(refused.stderr.hasPrefix("Error: \(source): no coin for the ticker:\n  QQXZ (line 2)"))
    #expect(
      refused.stderr.hasSuffix(
        "Say which coin it is:\n  coins portfolio import \(source) --map QQXZ=<CoinGecko id>\n"
          + "Nothing was imported.\n"))
    #expect(!FileManager.default.fileExists(atPath: portfolio))

    let mapped = try await coins.run([
      "portfolio", "import", source, "--map", "QQXZ=dogecoin", "--json",
    ])
    #expect(mapped.status == 0, "\(mapped.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(mapped.stdout.utf8)) as? [String: Any]
    expectEqual(summary?["format"] as? String, "koinly")
    expectEqual(summary?["added"] as? Int, 1)
    let mappings = summary?["mappings"] as? [[String: String]]
    expectEqual(mappings, [["ticker": "QQXZ", "id": "dogecoin", "why": "--map"]])
    let unknown = summary?["unknownCosts"] as? [[String: Any]]
    expectEqual(
      unknown?.first?["reason"] as? String, "a deposit from outside, no value in the file")

    let later = coins.home.path + "/later.csv"
    try "Koinly Date,Amount,Currency,Label,TxHash\n\(Self.at(4)),-2,QQXZ,,t2\n".write(
      toFile: later, atomically: true, encoding: .utf8)
    let tickers = coins.home.path + "/data/coins/portfolio.tickers.json"
    #expect(
      try String(contentsOfFile: tickers, encoding: .utf8)
        == "{\n  \"version\": 1,\n  \"tickers\": {\n    \"QQXZ\": \"dogecoin\"\n  }\n}\n")
    let before = try Data(contentsOf: URL(fileURLWithPath: portfolio))
    let rememberedBefore = try Data(contentsOf: URL(fileURLWithPath: tickers))
    let dryRun = try await coins.run([
      "portfolio", "import", later, "--map", "QQXZ=bitcoin", "--dry-run",
    ])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(
      dryRun.stdout.hasSuffix(
        "Dry run: 2 transactions (1 of the 1 above and 1 stand-in for coins held before the "
          + "export) would be imported into the wallet 'koinly'; nothing was written.\n"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: portfolio)), before)
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: tickers)), rememberedBefore)

    let remembered = try await coins.run(["portfolio", "import", later, "--wallet", "cold"])
    #expect(remembered.status == 0, "\(remembered.stderr)")
    #expect(remembered.stdout.contains("Coins: QQXZ → dogecoin (remembered --map).\n"))
    // The wallet 'cold' held none: the 2 taken out were held before the export (a transfer
    // in of unknown cost into 'cold' comes with it; the 'koinly' coins stay where they are).
    #expect(
      remembered.stdout.hasSuffix(
        "Imported 2 transactions (1 of the 1 above and 1 stand-in for coins held before the "
          + "export) into the wallet 'cold'.\n"))
    let file = try String(contentsOfFile: portfolio, encoding: .utf8)
    #expect(file.contains(#""externalId": "t2", "wallet": "cold"}"#))
  }

  @Test func aRowThatCannotBeReadNamesItsLineAndColumnAndImportsNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let source = coins.home.path + "/binance.csv"
    try
      ("User_ID,UTC_Time,Account,Operation,Coin,Change,Remark\n"
      + "1,2024-01-02 03:04:05,Spot,Deposit,BTC,0.5,\n1,2024-01-03 03:04:05,Spot,Deposit,BTC,1O,\n")
      .write(toFile: source, atomically: true, encoding: .utf8)
    let result = try await coins.run(["portfolio", "import", source])
    expectEqual(result.status, 65)
    #expect(
      result.stderr
        == "Error: \(source) line 3, column Change: '1O' is not a number. Nothing was imported.\n")
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins/portfolio.json"))
  }
}
