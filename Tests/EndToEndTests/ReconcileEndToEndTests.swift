import Foundation
import Testing

/// `coins portfolio reconcile` through the built binary: balances stated with --expect, in a
/// --balances file and by an imported export, against what the transactions add up to; the
/// first transaction after which they part named; exit 1 on a difference.
@Suite(.spawnsProcesses) struct ReconcileEndToEndTests {
  struct Document: Decodable {
    struct Balance: Decodable {
      struct Parting: Decodable {
        var computed: String
        var stated: String
        var line: Int?
        var lastAgreeingTransaction: String?
        var firstPartingTransaction: String?
      }
      var coin: String
      var wallet: String?
      var computed: String
      var stated: String
      var agrees: Bool
      var parting: Parting?
    }
    var equal: Int
    var differ: Int
    var balances: [Balance]
  }

  /// A history in the wallet 'kraken' that left out a deposit of 0.2 BTC on 5 January:
  /// bought 1 (1 Jan, transaction 1) and 0.5 (3 Jan, 2), sold 0.3 (7 Jan, 3), bought 0.1
  /// (9 Jan, 4). The exchange's balances, end of day: 2 Jan 1 and 4 Jan 1.5 (both agree),
  /// 8 Jan 1.4 (1 + 0.5 + 0.2 − 0.3, against 1.2 computed) and 10 Jan 1.5 (against 1.3). They
  /// still agree after transaction 2; the first transaction after which they part is 3.
  @Test func aLeftOutDepositNamesTheFirstTransactionAfterWhichTheyPart() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"
    for (index, words) in [
      ["add", "bitcoin", "1", "--cost", "30000", "--date", "2024-01-01"],
      ["add", "bitcoin", "0.5", "--cost", "40000", "--date", "2024-01-03"],
      ["sell", "bitcoin", "0.3", "--price", "50000", "--date", "2024-01-07"],
      ["add", "bitcoin", "0.1", "--cost", "45000", "--date", "2024-01-09"],
    ].enumerated() {
      let done = try await coins.run(
        ["portfolio"] + words + ["--wallet", "kraken", "--file", portfolio])
      #expect(done.status == 0, "step \(index): \(done.stderr)")
    }
    let balances = coins.home.path + "/balances.csv"
    try "date,wallet,coin,amount\n2024-01-02,kraken,btc,1\n2024-01-04,kraken,btc,1.5\n"
      .appending("2024-01-08,kraken,bitcoin,1.4\n2024-01-10,kraken,btc,1.5\n")
      .write(toFile: balances, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: portfolio))

    let text = try await coins.run([
      "portfolio", "reconcile", "--balances", balances, "--file", portfolio,
    ])
    expectEqual(text.status, 1)
    expectEqual(text.stderr, "")
    #expect(
      text.stdout
        == """
        Balances: 0 equal, 1 differs.
          BTC in 'kraken': 1.3 computed, 1.5 stated by balances.csv line 5 (2024-01-10 \
        23:59:59.999 UTC): they part at balances.csv line 4 (2024-01-08 23:59:59.999 UTC: 1.2 \
        computed, 1.4 stated); they still agree at balances.csv line 3 (2024-01-04 23:59:59.999 \
        UTC), after transaction 2; the first transaction after which they part is transaction 3 \
        (2024-01-07 00:00:00 UTC).

        """)

    let json = try await coins.run([
      "portfolio", "reconcile", "--balances", balances, "--file", portfolio, "--json",
    ])
    expectEqual(json.status, 1)
    let document = try JSONDecoder().decode(Document.self, from: Data(json.stdout.utf8))
    #expect((document.equal, document.differ) == (0, 1))
    let balance = try #require(document.balances.first)
    #expect(
      (balance.coin, balance.wallet, balance.computed, balance.stated) == (
        "bitcoin", "kraken", "1.3", "1.5"
      ))
    expectEqual(balance.parting?.line, 4)
    expectEqual(balance.parting?.lastAgreeingTransaction, "2")
    expectEqual(balance.parting?.firstPartingTransaction, "3")

    // --expect: all wallets together now (1 + 0.5 − 0.3 + 0.1 = 1.3) agrees, exit 0; the
    // wallet on 4 January (1.5) too; 1.5 now differs.
    let equal = try await coins.run([
      "portfolio", "reconcile", "--expect", "btc=1.3", "--file", portfolio,
    ])
    #expect(equal.status == 0, "\(equal.stderr)")
    #expect(
      equal.stdout
        == "Balances: 1 equal, 0 differ.\n  BTC in all wallets: 1.3, equal to --expect (now).\n"
    )
    let dated = try await coins.run([
      "portfolio", "reconcile", "--expect", "btc=1.5", "--wallet", "kraken", "--date",
      "2024-01-04", "--file", portfolio,
    ])
    #expect(dated.status == 0, "\(dated.stdout)\(dated.stderr)")
    let differs = try await coins.run([
      "portfolio", "reconcile", "--expect", "btc=1.5", "--wallet", "kraken", "--file", portfolio,
    ])
    expectEqual(differs.status, 1)
    #expect(
      differs.stdout.hasPrefix(
        "Balances: 0 equal, 1 differs.\n  BTC in 'kraken': 1.3 computed, 1.5 stated by --expect (now); no earlier stated balance agrees"
      ))

    // Refusals: exit 64 or 65, nothing written.
    let badExpect = try await coins.run([
      "portfolio", "reconcile", "--expect", "btc", "--file", portfolio,
    ])
    expectEqual(badExpect.status, 64)
    #expect(
      badExpect.stderr.hasPrefix("Error: The value 'btc' is invalid for '--expect <coin=amount>'"))
    let notHeld = try await coins.run([
      "portfolio", "reconcile", "--expect", "zzqq=1", "--file", portfolio,
    ])
    expectEqual(notHeld.status, 65)
    expectEqual(notHeld.stderr, "Error: 'zzqq' is not a coin in the portfolio.\n")
    try "date,wallet,coin,amount\n2024-13-01,kraken,btc,1\n".write(
      toFile: balances, atomically: true, encoding: .utf8)
    let badFile = try await coins.run([
      "portfolio", "reconcile", "--balances", balances, "--file", portfolio,
    ])
    expectEqual(badFile.status, 65)
    #expect(
      badFile.stderr == "Error: \(balances) line 2: '2024-13-01' is not a date like 2024-03-01.\n")
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: portfolio)), before)
  }

  /// Without --expect or --balances, the balances the imported export stated: the Kraken
  /// ledger whose balances agree reconciles (exit 0); after transaction 3 (the withdrawal of
  /// 0.1) is taken back, the wallet holds 0.7 against the 0.6 stated, exit 1.
  @Test func theBalancesAnImportKeptAreReconciledLater() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"
    let imported = try await coins.run([
      "portfolio", "import", ImportEndToEndTests.fixture("kraken_ledgers_balances_agree.csv"),
      "--file", portfolio,
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
    let agrees = try await coins.run(["portfolio", "reconcile", "--file", portfolio])
    #expect(agrees.status == 0, "\(agrees.stderr)")
    #expect(
      agrees.stdout
        == "Balances: 1 equal, 0 differ.\n  BTC in 'kraken': 0.6, equal to "
        + "kraken_ledgers_balances_agree.csv line 5 (2024-01-05 10:00:00 UTC).\n")
    let undone = try await coins.run(["portfolio", "undo", "3", "--file", portfolio])
    #expect(undone.status == 0, "\(undone.stderr)")
    let differs = try await coins.run(["portfolio", "reconcile", "--file", portfolio, "--json"])
    expectEqual(differs.status, 1)
    let document = try JSONDecoder().decode(Document.self, from: Data(differs.stdout.utf8))
    expectEqual(document.balances.map(\.computed), ["0.7"])
    expectEqual(document.balances.map(\.stated), ["0.6"])
  }
}
