import Foundation
import Testing

/// The balances an export states, through the built binary: the import keeps the last one of
/// each coin and wallet in the portfolio file and its summary says whether the computed balance
/// equals it, naming the row where they part when not; file and ticker errors said once.
@Suite(.spawnsProcesses) struct StatedBalanceEndToEndTests {
  static func fixture(_ name: String) -> String { ImportEndToEndTests.fixture(name) }

  struct Summary: Decodable {
    struct Balance: Decodable {
      struct Statement: Decodable {
        var stated: String
        var line: Int?
      }
      struct Parting: Decodable {
        var computed: String
        var stated: String
        var line: Int?
        var lastAgreeing: Statement?
        var lastAgreeingTransaction: String?
        var firstPartingTransaction: String?
      }
      var coin: String
      var wallet: String?
      var computed: String
      var stated: String
      var line: Int?
      var file: String?
      var agrees: Bool
      var parting: Parting?
    }
    var statedBalances: [Balance]
  }

  /// A Kraken ledger whose balances agree: 1 BTC deposited (line 2, balance 1), 0.3 sold
  /// (line 3, balance 0.7), 0.1 withdrawn (line 5, balance 0.6): 1 − 0.3 − 0.1 = 0.6, equal to
  /// the last balance stated, which the portfolio file keeps with its file and line.
  @Test func aLedgerWhoseBalancesAgreeSaysSoAndKeepsTheLastOne() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = Self.fixture("kraken_ledgers_balances_agree.csv")
    let portfolio = coins.home.path + "/p.json"

    let imported = try await coins.run(["portfolio", "import", source, "--file", portfolio])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      Array(imported.stdoutLines.dropLast().suffix(3)) == [
        "Balances the file states: 1 equal, 0 differ.",
        "  BTC in 'kraken': 0.6, equal to line 5 (2024-01-05 10:00:00 UTC).",
        "Imported 3 transactions into the wallet 'kraken'.",
      ])
    let text = try String(contentsOfFile: portfolio, encoding: .utf8)
    #expect(
      text.hasSuffix(
        """
          "statedBalances": [
            {"coin": "bitcoin", "wallet": "kraken", "amount": "0.6", "date": \
        "2024-01-05T10:00:00.000Z", "file": "kraken_ledgers_balances_agree.csv", "line": 5}
          ]
        }

        """))

    // Imported again: nothing new, the file byte for byte as it was; the summary still compares.
    let again = try await coins.run([
      "portfolio", "import", source, "--file", portfolio, "--json",
    ])
    #expect(again.status == 0, "\(again.stderr)")
    try expectEqual(String(contentsOfFile: portfolio, encoding: .utf8), text)
    let summary = try JSONDecoder().decode(Summary.self, from: Data(again.stdout.utf8))
    expectEqual(summary.statedBalances.count, 1)
    expectEqual(summary.statedBalances.first?.computed, "0.6")
    expectEqual(summary.statedBalances.first?.stated, "0.6")
    expectEqual(summary.statedBalances.first?.agrees, true)
    expectEqual(summary.statedBalances.first?.line, 5)

    // Every other command still reads the file, and a rewrite keeps the balances.
    let list = try await coins.run(["portfolio", "list", "--file", portfolio])
    #expect(list.status == 0, "\(list.stderr)")
    let added = try await coins.run([
      "portfolio", "add", "bitcoin", "0.5", "--cost", "40000", "--date", "2024-02-01",
      "--file", portfolio,
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      try String(contentsOfFile: portfolio, encoding: .utf8).contains(
        #"{"coin": "bitcoin", "wallet": "kraken", "amount": "0.6""#))
  }

  /// The same ledger with an `adjustment` of +0.2 BTC on 4 January (line 5, skipped as an
  /// unknown type): the file states 0.9 there while the transactions add up to 1 − 0.3 = 0.7,
  /// and 0.8 at the end (line 6) against 0.7 − 0.1 = 0.6. They still agree at line 3, after
  /// transaction 2 (the sale); no transaction lies between lines 3 and 5.
  @Test func aLedgerWhoseBalancesDifferNamesTheRowWhereTheyPart() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let source = Self.fixture("kraken_ledgers_balances_differ.csv")
    let portfolio = coins.home.path + "/p.json"

    let dryRun = try await coins.run([
      "portfolio", "import", source, "--file", portfolio, "--dry-run",
    ])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(
      Array(dryRun.stdoutLines.dropLast().suffix(3)) == [
        "Balances the file states: 0 equal, 1 differs.",
        "  BTC in 'kraken': 0.6 computed, 0.8 stated by line 6 (2024-01-05 10:00:00 UTC): "
          + "they part at line 5 (2024-01-04 10:00:00 UTC: 0.7 computed, 0.9 stated); they "
          + "still agree at line 3 (2024-01-03 10:00:00 UTC), after transaction 2; no "
          + "transaction lies between the two: one is missing there.",
        "Dry run: 3 transactions would be imported into the wallet 'kraken'; nothing was "
          + "written.",
      ])
    #expect(!FileManager.default.fileExists(atPath: portfolio))

    let imported = try await coins.run([
      "portfolio", "import", source, "--file", portfolio, "--json",
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
    let balance = try #require(
      try JSONDecoder().decode(Summary.self, from: Data(imported.stdout.utf8)).statedBalances
        .first)
    expectEqual(balance.coin, "bitcoin")
    expectEqual(balance.wallet, "kraken")
    #expect((balance.computed, balance.stated, balance.line) == ("0.6", "0.8", 6))
    expectEqual(balance.agrees, false)
    expectEqual(balance.file, "kraken_ledgers_balances_differ.csv")
    let parting = try #require(balance.parting)
    #expect((parting.computed, parting.stated, parting.line) == ("0.7", "0.9", 5))
    expectEqual(parting.lastAgreeing?.line, 3)
    expectEqual(parting.lastAgreeingTransaction, "2")
    #expect(parting.firstPartingTransaction == nil)
    #expect(
      try String(contentsOfFile: portfolio, encoding: .utf8).contains(
        #"{"coin": "bitcoin", "wallet": "kraken", "amount": "0.8", "date": "#
          + #""2024-01-05T10:00:00.000Z", "file": "kraken_ledgers_balances_differ.csv", "line": 6}"#
      ))
  }

  /// A file that cannot be read says why; every unknown ticker is in one error with one
  /// `--map` command to copy, and `Nothing was imported.` comes once.
  @Test func unreadableFilesAndUnknownTickersAreOneErrorEach() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"

    let missing = try await coins.run([
      "portfolio", "import", "/nonexistent.csv", "--file", portfolio,
    ])
    expectEqual(missing.status, 65)
    #expect(
      missing.stderr == "Error: Cannot read /nonexistent.csv: No such file. Nothing was imported.\n"
    )
    let folder = try await coins.run(["portfolio", "import", coins.home.path, "--file", portfolio])
    expectEqual(folder.status, 65)
    #expect(
      folder.stderr
        == "Error: Cannot read \(coins.home.path): it is a folder, not a file. Nothing was "
        + "imported.\n")

    let source = coins.home.path + "/two.csv"
    try """
    "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
    "L1","D1","2024-01-02 10:00:00","deposit","","currency","QQXZ",1,0,1
    "L2","D2","2024-01-03 10:00:00","deposit","","currency","ZZQW",2,0,2
    "L3","D3","2024-01-04 10:00:00","deposit","","currency","QQXZ",1,0,2

    """.write(toFile: source, atomically: true, encoding: .utf8)
    let refused = try await coins.run(["portfolio", "import", source, "--file", portfolio])
    expectEqual(refused.status, 65)
    #expect(
      refused.stderr
        == """
        Error: \(source): no coin for 2 tickers:
          QQXZ (line 2): no coin comes close
          ZZQW (line 3): no coin comes close
        Say which coins they are:
          coins portfolio import \(source) --file \(portfolio) --map QQXZ=<CoinGecko id> --map ZZQW=<CoinGecko id>
        Nothing was imported.

        """)
    #expect(!FileManager.default.fileExists(atPath: portfolio))
  }
}
