import CoinsTestSupport
import Foundation
import Testing

/// `portfolio export` then `portfolio import` through the built binary: into an empty
/// portfolio every report says the same, and the export is the same bytes.
@Suite(.spawnsProcesses) struct RoundTripEndToEndTests {
  /// Every member a transaction has: wallets (one with a space), an exchange's ids, a deposit
  /// of unknown cost, a move (4 → 5), a sale in EUR with its fee in USD and a formula-like
  /// note, income priced and of unknown cost, a buy in GBP, and gaps (3, 10).
  static let everyMember = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "1.5", "price": "40000", "currency": "usd", "fee": "12.5", "date": "2024-01-02T10:00:00.000Z", "wallet": "kraken", "externalId": "K-1"},
            {"id": "2", "type": "in", "amount": "0.5", "date": "2024-02-01T00:00:00.000Z", "note": "deposit, from outside", "externalId": "K-2", "wallet": "kraken", "costUnknown": true},
            {"id": "4", "type": "out", "amount": "1", "date": "2024-03-01T00:00:00.000Z", "wallet": "kraken"},
            {"id": "5", "type": "in", "amount": "0.999", "date": "2024-03-01T02:00:00.000Z", "wallet": "cold storage", "movedFrom": "4"},
            {"id": "6", "type": "sell", "amount": "0.25", "price": "52000.5", "currency": "eur", "fee": "3", "feeCurrency": "usd", "date": "2025-05-05T12:34:56.789Z", "note": "=SUM(A1)", "wallet": "kraken"}
          ]
        },
        {
          "id": "ethereum",
          "transactions": [
            {"id": "7", "type": "in", "amount": "0.05", "price": "3000", "currency": "usd", "date": "2025-06-01T00:00:00.000Z", "note": "staking reward", "income": true},
            {"id": "8", "type": "in", "amount": "0.01", "date": "2025-06-02T00:00:00.000Z", "income": true, "costUnknown": true},
            {"id": "9", "type": "buy", "amount": "2", "price": "1800", "currency": "gbp", "date": "2025-06-03T00:00:00.000Z", "wallet": "coinbase", "priceSource": "binance via USDT, unverified"},
            {"id": "11", "type": "sell", "amount": "0.5", "price": "2100", "currency": "gbp", "date": "2025-07-03T00:00:00.000Z", "wallet": "coinbase"}
          ]
        }
      ]
    }

    """

  /// The reports that must say the same of both files.
  static let reports: [[String]] = [
    ["value", "--json"], ["gains", "--lots", "--json"], ["income", "--json"],
    ["history", "--json"], ["wallets", "--json"],
  ]

  /// Exports `original` (CSV, then JSON), imports each into an empty file and checks the
  /// identity: the same export, the same reports.
  static func expectIdentity(_ coins: CoinsBinary, original: String) async throws {
    let csv = try await coins.run(["portfolio", "export", "--csv", "--file", original])
    #expect(csv.status == 0, "\(csv.stderr)")
    let csvPath = coins.home.path + "/export-\(UUID().uuidString).csv"
    try csv.stdout.write(toFile: csvPath, atomically: true, encoding: .utf8)
    let json = try await coins.run(["portfolio", "export", "--file", original])
    let jsonPath = coins.home.path + "/export-\(UUID().uuidString).json"
    try json.stdout.write(toFile: jsonPath, atomically: true, encoding: .utf8)
    for (source, format) in [(csvPath, ["--csv"]), (jsonPath, [])] {
      let copy = coins.home.path + "/copy-\(UUID().uuidString).json"
      let imported = try await coins.run(["portfolio", "import", source, "--file", copy])
      #expect(imported.status == 0, "\(imported.stderr)")
      let again = try await coins.run(["portfolio", "export"] + format + ["--file", copy])
      expectEqual(again.stdout, (format.isEmpty ? json.stdout : csv.stdout))
      for report in reports {
        let before = try await coins.run(["portfolio"] + report + ["--file", original])
        let after = try await coins.run(["portfolio"] + report + ["--file", copy])
        #expect(before.status == 0, "\(report): \(before.stderr)")
        #expect(after.stdout == before.stdout, "\(report)")
      }
    }
  }

  @Test func everyMemberSurvivesTheRoundTrip() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let original = coins.home.path + "/original.json"
    try Self.everyMember.write(toFile: original, atomically: true, encoding: .utf8)
    let csv = try await coins.run(["portfolio", "export", "--csv", "--file", original])
    #expect(
      csv.stdoutLines == [
        "date,type,coinId,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom,income,costUnknown,exchangeId,priceSource",
        "2024-01-02T10:00:00.000Z,buy,bitcoin,1.5,40000,usd,12.5,,,1,kraken,,,,K-1,",
        "2024-02-01T00:00:00.000Z,in,bitcoin,0.5,,,,,\"deposit, from outside\",2,kraken,,,true,K-2,",
        "2024-03-01T00:00:00.000Z,out,bitcoin,1,,,,,,4,kraken,,,,,",
        "2024-03-01T02:00:00.000Z,in,bitcoin,0.999,,,,,,5,cold storage,4,,,,",
        "2025-05-05T12:34:56.789Z,sell,bitcoin,0.25,52000.5,eur,3,usd,'=SUM(A1),6,kraken,,,,,",
        "2025-06-01T00:00:00.000Z,in,ethereum,0.05,3000,usd,,,staking reward,7,default,,true,,,",
        "2025-06-02T00:00:00.000Z,in,ethereum,0.01,,,,,,8,default,,true,true,,",
        "2025-06-03T00:00:00.000Z,buy,ethereum,2,1800,gbp,,,,9,coinbase,,,,,\"binance via USDT, unverified\"",
        "2025-07-03T00:00:00.000Z,sell,ethereum,0.5,2100,gbp,,,,11,coinbase,,,,,", "",
      ])
    try await Self.expectIdentity(coins, original: original)
    // The summary names the wallets the rows went into.
    let path = coins.home.path + "/every.csv"
    try csv.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let summary = try await coins.run([
      "portfolio", "import", path, "--file", coins.home.path + "/new.json",
    ])
    #expect(
      summary.stdoutLines.last(where: { !$0.isEmpty })
        == "Imported 9 transactions into the wallets 'coinbase', 'cold storage', 'default', 'kraken'."
    )
  }

  @Test func intoAPortfolioWithTransactionsTheIdsFollowItsOwn() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let original = coins.home.path + "/original.json"
    try Self.everyMember.write(toFile: original, atomically: true, encoding: .utf8)
    let csv = try await coins.run(["portfolio", "export", "--csv", "--file", original])
    let path = coins.home.path + "/every.csv"
    try csv.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let other = coins.home.path + "/other.json"
    for date in ["2024-01-01", "2024-01-02"] {
      let added = try await coins.run(
        [
          "portfolio", "add", "--id", "solana", "10", "--cost", "20", "--date", date, "--file",
          other,
        ])
      #expect(added.status == 0, "\(added.stderr)")
    }
    let imported = try await coins.run(["portfolio", "import", path, "--file", other])
    #expect(
      imported.stdoutLines.last(where: { !$0.isEmpty })?.hasPrefix("Imported 9 transactions")
        == true, "\(imported.stdout)")
    // Solana's buys are 1 and 2; the file's 1, 2, 4, 5, 6, 7, 8, 9, 11 are 3 to 11, and the
    // move 4 → 5 is 5 → 6.
    let history = try await coins.run(["portfolio", "export", "--csv", "--file", other])
    #expect(
      history.stdoutLines.contains(
        "2024-01-02T10:00:00.000Z,buy,bitcoin,1.5,40000,usd,12.5,,,3,kraken,,,,K-1,"))
    #expect(
      history.stdoutLines.contains("2024-03-01T00:00:00.000Z,out,bitcoin,1,,,,,,5,kraken,,,,,"))
    #expect(
      history.stdoutLines.contains(
        "2024-03-01T02:00:00.000Z,in,bitcoin,0.999,,,,,,6,cold storage,5,,,,"))
    #expect(
      history.stdoutLines.contains(
        "2025-07-03T00:00:00.000Z,sell,ethereum,0.5,2100,gbp,,,,11,coinbase,,,,,"))
    let again = try await coins.run(["portfolio", "import", path, "--file", other])
    #expect(
      again.stdoutLines.last(where: { !$0.isEmpty })?.hasPrefix("Imported 0 transactions") == true,
      "\(again.stdout)")
    #expect(again.stdout.contains("9 already there"))
  }

  /// A few portfolios made through the commands a user types, from a seed: buys in several
  /// currencies and wallets, sales, income, moves, and undo leaving gaps.
  @Test(arguments: [UInt64(3), 17, 29, 71])
  func generatedPortfoliosSurviveTheRoundTrip(seed: UInt64) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/generated.json"
    var random = SeededRandom(seed: seed)
    let wallets = ["default", "Kraken", "cold storage", "ledger"]
    let currencies = ["usd", "eur", "gbp"]
    var day = 1
    for _ in 0..<14 {
      day += 1 + random.below(20)
      let date = String(format: "2024-%02d-%02d", 1 + (day / 28) % 12, 1 + day % 28)
      let coin = random.pick(["bitcoin", "ethereum"])
      let amount = "\(1 + random.below(9)).\(random.below(1000))"
      let wallet = random.pick(wallets)
      let words: [String]
      switch random.below(6) {
      case 0, 1:
        words = [
          "add", "--id", coin, amount, "--cost",
          "\(100 + random.below(90_000)).\(random.below(100))",
          "--currency", random.pick(currencies), "--fee", "\(random.below(20))",
        ]
      case 2:
        words = [
          "sell", "--id", coin, "0.\(1 + random.below(9))", "--price",
          "\(1000 + random.below(9000))",
        ]
      case 3: words = ["transfer", "in", "--id", coin, "0.0\(1 + random.below(9))", "--income"]
      case 4:
        words = [
          "transfer", "move", "--id", coin, "0.\(1 + random.below(5))", "--from", wallet, "--to",
          random.pick(wallets.filter { $0 != wallet }),
        ]
      default: words = ["undo", "\(1 + random.below(8))"]
      }
      let dated = words.first == "undo" ? words : words + ["--date", date]
      let walletWords = words.first == "add" || words.first == "sell" ? ["--wallet", wallet] : []
      _ = try await coins.run(["portfolio"] + dated + walletWords + ["--file", file])
    }
    try await Self.expectIdentity(coins, original: file)
  }

  @Test func aCoinMappedByHandReadsBackWithoutTheMap() async throws {
    // binance-eth came in through `--map BETH=binance-eth`; its export names the id, which
    // the import takes as written: no map, no CoinGecko (out of reach here).
    let coins = try CoinsBinary(baseURL: "http://127.0.0.1:9")
    defer { coins.cleanUp() }
    let original = coins.home.path + "/mapped.json"
    try """
    {"version": 3, "holdings": [{"id": "binance-eth", "transactions": [
      {"id": "1", "type": "in", "amount": "0.5", "date": "2024-01-01T00:00:00.000Z", "wallet": "binance", "externalId": "B-1", "costUnknown": true}
    ]}]}
    """.write(toFile: original, atomically: true, encoding: .utf8)
    let csv = try await coins.run(["portfolio", "export", "--csv", "--file", original])
    let path = coins.home.path + "/mapped.csv"
    try csv.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let copy = coins.home.path + "/copy.json"
    let imported = try await coins.run(["portfolio", "import", path, "--file", copy])
    #expect(imported.status == 0, "\(imported.stderr)")
    let again = try await coins.run(["portfolio", "export", "--csv", "--file", copy])
    expectEqual(again.stdout, csv.stdout)
    #expect(again.stdout.contains(",in,binance-eth,0.5,,,,,,1,binance,,,true,B-1,\n"))
  }

  @Test func anExportOfTheLayoutBeforeImportsAsBefore() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("CoinsPortfolioTests/Import/Fixtures")
    let file = coins.home.path + "/legacy.json"
    let imported = try await coins.run(
      [
        "portfolio", "import", fixtures.appendingPathComponent("coins_export_v1.csv").path,
        "--file", file,
      ])
    #expect(imported.status == 0, "\(imported.stderr)")
    let expected = try String(
      contentsOf: fixtures.appendingPathComponent("coins_export_v1_portfolio.json"), encoding: .utf8
    )
    try expectEqual(String(contentsOfFile: file, encoding: .utf8), expected)
  }

  @Test func aWalletNameReadsTheSameEverywhere() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/wallets.json"
    let csv = coins.home.path + "/hand.csv"
    try "date,type,coin,amount,price,wallet\n2024-01-01,buy,bitcoin,1,100,Cold Storage\n"
      .write(toFile: csv, atomically: true, encoding: .utf8)
    let fromCSV = try await coins.run(["portfolio", "import", csv, "--file", file])
    #expect(fromCSV.status == 0, "\(fromCSV.stderr)")
    #expect(
      fromCSV.stdoutLines.last(where: { !$0.isEmpty })
        == "Imported 1 transaction into the wallet 'cold storage'.")
    let koinly = coins.home.path + "/second.csv"
    try "date,type,coin,amount,price\n2024-02-01,buy,bitcoin,1,200\n"
      .write(toFile: koinly, atomically: true, encoding: .utf8)
    let named = try await coins.run(
      ["portfolio", "import", koinly, "--wallet", "Koinly-Main", "--file", file])
    #expect(
      named.stdoutLines.last(where: { !$0.isEmpty })
        == "Imported 1 transaction into the wallet 'koinly-main'.")
    let added = try await coins.run(
      [
        "portfolio", "add", "--id", "bitcoin", "1", "--cost", "300", "--wallet", "KOINLY-MAIN",
        "--file", file,
      ])
    #expect(added.status == 0, "\(added.stderr)")
    let wallets = try await coins.run(["portfolio", "export", "--csv", "--file", file])
    #expect(
      Set(
        wallets.stdoutLines.dropFirst().filter { $0.count > 20 }.map {
          $0.split(separator: ",", omittingEmptySubsequences: false)[10]
        }) == [
          "cold storage", "koinly-main",
        ])
  }
}
