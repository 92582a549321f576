import Foundation
import Testing

/// `coins portfolio import` of exchanges' exports through the built binary against the loopback
/// fake: holdings, costs, income and fees as worked out by hand, the summary, `--dry-run`, a
/// second import adding nothing, overlapping exports, `--map` and its memory.
@Suite(.spawnsProcesses) struct ImportEndToEndTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("CoinsPortfolioTests/Import/Fixtures")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  struct ListDocument: Decodable {
    struct Holding: Decodable {
      struct Lot: Decodable {
        var amount: Decimal
        var cost: Decimal?
        var costCurrency: String?
      }
      var id: String
      var amount: Decimal
      var lots: [Lot]
    }
    var holdings: [Holding]
  }

  struct ValueDocument: Decodable {
    struct Holding: Decodable {
      var id: String
      var amount: Decimal
      var cost: Decimal?
      var realizedPnl: Decimal?
      var fees: Decimal
    }
    var holdings: [Holding]
  }

  /// Kraken's ledgers (2021): 997.4067 EUR spent on 0.025 BTC with a 2.5933 EUR fee is a buy
  /// costing 1,000 EUR; 1.5 ETH deposited has an unknown cost; 0.5 ETH traded for 0.017 BTC less
  /// a 0.000034 BTC fee (0.016966 BTC) is beyond CoinGecko's year, so both sides are of unknown
  /// value; the DOT staking reward is income of unknown value; the 0.01 BTC withdrawal with a
  /// 0.0005 BTC fee is 0.01 BTC out and a 0.0005 BTC disposal. FIFO: the out and the fee take
  /// 0.0105 of the first lot (420 EUR of its 1,000), leaving 0.0145 BTC costing 580 EUR and
  /// 0.016966 BTC of unknown cost: 0.031466 BTC, Kraken's own last balance.
  @Test func krakenLedgersImportToTheHandWorkedHoldingsAndCosts() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = Self.fixture("kraken_ledgers_v1_crlf.csv")
    let portfolio = coins.home.path + "/p.json"

    let dryRun = try await coins.run(
      ["portfolio", "import", source, "--file", portfolio, "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(!FileManager.default.fileExists(atPath: portfolio), "--dry-run wrote the portfolio")
    #expect(
      dryRun.stdoutLines.dropLast().last
        == "Dry run: 7 transactions would be imported into the wallet 'kraken'; nothing was "
        + "written.")

    let first = try await coins.run(["portfolio", "import", source, "--file", portfolio])
    #expect(first.status == 0, "\(first.stderr)")
    let why = "no price in the file or from any price source"
    // Every source of the price chain is asked and says why (Coinbase and Binance are a
    // refused port here): the coins spent first, then the coin received.
    func none(_ coin: String, _ ticker: String, _ day: String) -> String {
      "  no price of \(coin) on 1 day (\(day)): Your prices: none imported for \(ticker) in USD; "
        + "CoinGecko: CoinGecko's free plan reaches only the past 365 days (from "
        + "\(PricesEndToEndTests.yearAgo)); Coinbase: Coinbase could not be reached: connection "
        + "refused; Binance: Binance could not be reached: connection refused.\n"
    }
    let problems =
      none("bitcoin", "btc", "2021-02-07") + none("ethereum", "eth", "2021-02-04")
      + none("polkadot", "dot", "2021-02-06") + none("bitcoin", "btc", "2021-02-04")
    #expect(
      first.stdout
        == """
        Read 13 rows of kraken (ledgers v1) from \(source).
        Transactions: 7 (buy 2, sell 2, in 1, income 1, out 1).
          BTC: buy 2, sell 1, out 1
          ETH: sell 1, in 1
          DOT: income 1
        Coins: BTC → bitcoin (symbol, market-cap rank 1); ETH → ethereum (symbol, market-cap \
        rank 2); DOT → polkadot (symbol, market-cap rank 15).
        Values: 1 from the file, 3 unknown.
        \(problems)Skipped 6 rows: 2 listed again once credited (no txid yet); 2 a move between the \
        exchange's own accounts; 1 money deposited, withdrawn or paid (not a holding); 1 an \
        unknown type 'adjustment'.
        Cost unknown (4):
          line 7: deposit of 1.5 ETH: a deposit from outside, no value in the file
          line 8: trade of 0.016966 BTC: \(why)
          line 13: income of 0.0123456789 DOT: \(why)
          line 14: fee of 0.0005 BTC: \(why)
        Not paired as a move (2):
          transaction 2 (line 7): deposit of 1.5 ETH into kraken, cost unknown
          transaction 6 (line 14): withdrawal of 0.01 BTC from kraken
          Import the other wallet's export to pair them, or pair one with coins portfolio \
        transfer link <out-id> <in-id>.
        Balances the file states: 3 equal, 1 differs.
          BTC in 'kraken': 0.031466, equal to line 14 (2021-02-07 15:00:00 UTC).
          ETH in 'kraken': 1, equal to line 12 (2021-02-05 12:02:00 UTC).
          DOT in 'kraken': 0.0123456789, equal to line 13 (2021-02-06 00:00:00 UTC).
          DOGE: line 15 states 5; no row of it became a transaction.
        Imported 7 transactions into the wallet 'kraken'.

        """)
    let text = try String(contentsOfFile: portfolio, encoding: .utf8)
    #expect(
      text.contains(
        #"{"id": "1", "type": "buy", "amount": "0.025", "price": "39896.268", "currency": "eur", "#
          + #""fee": "2.5933", "date": "2021-02-02T13:30:51.000Z", "externalId": "#
          + #""TRD001-AAAAA-AAAAAA", "wallet": "kraken"}"#))
    #expect(
      text.contains(
        #""externalId": "LDEP02-AAAAA-AAAAAA", "wallet": "kraken", "costUnknown": true}"#))
    #expect(text.contains(#""note": "staking income", "income": true"#))

    let list = try await coins.run(["portfolio", "list", "--json", "--file", portfolio])
    let holdings = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
      .holdings
    expectEqual(holdings.map(\.id), ["bitcoin", "ethereum", "polkadot"])
    #expect(
      holdings.map(\.amount) == [Decimal(string: "0.031466"), 1, Decimal(string: "0.0123456789")])
    #expect(
      holdings[0].lots.map(\.amount) == [Decimal(string: "0.0145"), Decimal(string: "0.016966")])
    expectEqual(holdings[0].lots.map(\.cost), [Decimal(string: "39896.268"), nil])
    expectEqual(holdings[1].lots.map(\.cost), [nil])  // the deposit: unknown, not 0

    let value = try await coins.run([
      "portfolio", "value", "--json", "--currency", "eur", "--file", portfolio,
    ])
    let valued = try JSONDecoder().decode(ValueDocument.self, from: Data(value.stdout.utf8))
      .holdings
    expectEqual(valued.map(\.cost), [580, nil, nil])
    // The fee as value shows money: in the currency's minor unit, 2.5933 → 2.59.
    expectEqual(valued[0].fees, Decimal(string: "2.59"))

    let before = try Data(contentsOf: URL(fileURLWithPath: portfolio))
    let again = try await coins.run(["portfolio", "import", source, "--file", portfolio])
    expectEqual(again.status, 0)
    #expect(
      again.stdoutLines.dropLast().last
        == "Imported 0 transactions into the wallet 'kraken'; 7 already there.")
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: portfolio)), before)
  }

  /// The same ledgers as two overlapping exports (to the trade of 2021-02-04, then from the ETH
  /// deposit of 2021-02-03 on): the second adds only the rows the first did not have.
  @Test func overlappingExportsAddOnlyTheNewRows() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let lines = try String(
      contentsOfFile: Self.fixture("kraken_ledgers_v1_crlf.csv"), encoding: .utf8
    )
    .components(separatedBy: "\r\n")
    let early = coins.home.path + "/early.csv"
    let late = coins.home.path + "/late.csv"
    try (lines[0...8].joined(separator: "\r\n") + "\r\n").write(
      toFile: early, atomically: true, encoding: .utf8)
    try ([lines[0]] + lines[6...]).joined(separator: "\r\n").write(
      toFile: late, atomically: true, encoding: .utf8)
    let portfolio = coins.home.path + "/p.json"

    let first = try await coins.run(["portfolio", "import", early, "--file", portfolio])
    let second = try await coins.run(["portfolio", "import", late, "--file", portfolio])
    #expect(
      first.stdoutLines.dropLast().last == "Imported 4 transactions into the wallet 'kraken'.")
    #expect(
      second.stdoutLines.dropLast().last
        == "Imported 3 transactions into the wallet 'kraken'; 3 already there.")
    let list = try await coins.run(["portfolio", "list", "--json", "--file", portfolio])
    let holdings = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
      .holdings
    #expect(
      holdings.map(\.amount) == [Decimal(string: "0.031466"), 1, Decimal(string: "0.0123456789")])
  }

  /// KuCoin's 2022 export carries no zone: read as UTC+8 (KuCoin's own), or as `--timezone`
  /// says; `--format` forces one format and refuses a file that is not it.
  @Test func formatAndTimeZoneAreTheUsersToSay() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = Self.fixture("kucoin_2022_full.csv")
    let legacy = coins.home.path + "/legacy.json"
    let utc = coins.home.path + "/utc.json"

    let first = try await coins.run(["portfolio", "import", source, "--file", legacy])
    let second = try await coins.run([
      "portfolio", "import", source, "--file", utc, "--timezone", "UTC", "--format", "KuCoin",
    ])
    #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
    #expect(
      try String(contentsOfFile: legacy, encoding: .utf8).contains(
        #""amount": "0.06993", "date": "2022-03-02T00:00:00.000Z""#))
    #expect(
      try String(contentsOfFile: utc, encoding: .utf8).contains(
        #""amount": "0.06993", "date": "2022-03-02T08:00:00.000Z""#))

    let forced = try await coins.run([
      "portfolio", "import", source, "--file", coins.home.path + "/none.json", "--format", "kraken",
    ])
    expectEqual(forced.status, 65)
    #expect(forced.stderr.hasPrefix("Error: \(source) line 1: no Kraken"))
    #expect(forced.stderr.hasSuffix(". Nothing was imported.\n"))
    let unknown = try await coins.run(["portfolio", "import", source, "--format", "ftx"])
    expectEqual(unknown.status, 64)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: The value 'ftx' is invalid for '--format <name>': expected one of coinbase, "))
    let badMap = try await coins.run(["portfolio", "import", source, "--map", "ETH"])
    expectEqual(badMap.status, 64)
  }

  /// Binance's statement has no ids: its rows match by content, a price that does not end
  /// (100.5 USDT for 0.00101 BTC) as the portfolio file stores it, so a second import adds
  /// nothing — offline, every ticker given with --map.
  @Test func aStatementWithoutIdsImportedAgainAddsNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let source = coins.home.path + "/statement.csv"
    try
      ("User_ID,UTC_Time,Account,Operation,Coin,Change,Remark\n"
      + "1,2021-01-01 00:01:00,Spot,Transaction Spend,USDT,-100.5,\n"
      + "1,2021-01-01 00:01:00,Spot,Transaction Buy,BTC,0.00101,\n"
      + "1,2021-01-01 00:01:00,Spot,Transaction Fee,BNB,-0.00002,\n")
      .write(toFile: source, atomically: true, encoding: .utf8)
    let maps = ["--map", "USDT=tether", "--map", "BTC=bitcoin", "--map", "BNB=binancecoin"]
    let first = try await coins.run(["portfolio", "import", source] + maps)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Values: 1 at 1 USD (USDT), 1 unknown.\n"))
    // 3 transactions from the rows, and stand-ins for the USDT and BNB held before the export.
    #expect(
      first.stdout.hasSuffix(
        "Imported 5 transactions (3 of the 3 above and 2 stand-ins for coins held before the "
          + "export) into the wallet 'binance'.\n"))
    let file = coins.home.path + "/data/coins/portfolio.json"
    #expect(
      try String(contentsOfFile: file, encoding: .utf8).contains(
        #""amount": "0.00101", "price": "99504.950495049504950495", "currency": "usd""#))
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let again = try await coins.run(["portfolio", "import", source])
    #expect(again.stdout.contains("Coins: USDT → tether (remembered --map); "))
    #expect(
      again.stdout.hasSuffix(
        "Imported 0 transactions into the wallet 'binance'; 3 already there.\n"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)
  }

  /// Newer formats through the binary, offline: Bitvavo's €40.10 paid for 0.002 BTC with a
  /// €0.10 fee is stored as a buy at €20,000 with that fee; OKX's two 2020 trades (LTC for
  /// USDT and back) are a sale and a buy each, four transactions.
  @Test func newerFormatsImportWithTheirFigures() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let bitvavo = try await coins.run(
      ["portfolio", "import", Self.fixture("bitvavo_2023.csv"), "--map", "BTC=bitcoin"])
    #expect(bitvavo.status == 0, "\(bitvavo.stderr)")
    let file = coins.home.path + "/data/coins/portfolio.json"
    let stored = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      stored.contains(#""amount": "0.002", "price": "20000", "currency": "eur", "fee": "0.1""#),
      "\(stored)")
    let okx = try await coins.run(
      [
        "portfolio", "import", Self.fixture("okx_trades_2020_bom_cells.csv"), "--map",
        "LTC=litecoin", "--map", "USDT=tether", "--dry-run", "--json",
      ])
    #expect(okx.status == 0, "\(okx.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(okx.stdout.utf8)) as? [String: Any]
    expectEqual(summary?["format"] as? String, "okx")
    expectEqual(summary?["transactions"] as? Int, 4)
  }

  /// Every fixture, one per format and header version, imports through the binary (dry run):
  /// the tickers the fake's market does not list given with --map.
  @Test func everyFixtureImportsThroughTheBinary() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let maps = [
      "BUSD=binance-usd", "BETH=binance-eth", "CELO=celo", "W=wormhole", "XTZ=tezos",
      "KCS=kucoin-shares", "1INCH=1inch", "ID:5607298=polkadot", "AXS=axie-infinity",
      "MCO=monaco", "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48=usd-coin",
    ].flatMap { ["--map", $0] }
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
      .filter { $0.hasSuffix(".csv") }.sorted()
    #expect(names.count >= 30)
    var formats = Set<String>()
    for name in names {
      let result = try await coins.run(
        ["portfolio", "import", Self.fixture(name), "--dry-run", "--json"] + maps)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let summary =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      #expect((summary?["transactions"] as? Int ?? 0) > 0, "\(name) made no transactions")
      formats.insert(summary?["format"] as? String ?? "")
    }
    #expect(
      formats == [
        "coins", "coinbase", "coinbase-pro", "kraken", "binance", "cointracking", "koinly",
        "cryptocom", "kucoin", "bitstamp", "bybit", "okx", "bitvavo", "bitpanda", "gemini",
        "bitfinex", "rotki", "bittytax",
      ])
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins"))
  }
}
