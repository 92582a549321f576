import Foundation
import Testing

/// The lines of `portfolio reconcile`, `portfolio check` and an import's "Balances the file
/// states" name coins by the one rule, through the built binary against the fake CoinGecko:
/// the symbol (`BTC`, never `bitcoin`), with the id beside it when two coins the lines show
/// share it; JSON keeps the id.
@Suite(.spawnsProcesses) struct BalanceNamingEndToEndTests {
  /// The Kraken ledger whose balances differ: deposit 1 BTC, sell 0.3, withdraw 0.1 is 0.6
  /// computed, where the last row states 0.8 (an adjustment of 0.2 that is no transaction).
  @Test func aBalanceThatDiffersNamesTheCoinBySymbol() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"

    let imported = try await coins.run([
      "portfolio", "import", ImportEndToEndTests.fixture("kraken_ledgers_balances_differ.csv"),
      "--file", portfolio,
    ])
    let reconciled = try await coins.run(["portfolio", "reconcile", "--file", portfolio])
    let checked = try await coins.run([
      "portfolio", "check", "--currency", "eur", "--file", portfolio,
    ])
    let json = try await coins.run([
      "portfolio", "check", "--currency", "eur", "--json", "--file", portfolio,
    ])

    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdoutLines.contains {
        $0.hasPrefix("  BTC in 'kraken': 0.6 computed, 0.8 stated by line 6 ")
      }, "\(imported.stdout)")
    expectEqual(reconciled.status, 1)
    let balances: [String] = [
      "Balances: 0 equal, 1 differs.",
      "  BTC in 'kraken': 0.6 computed, 0.8 stated by kraken_ledgers_balances_differ.csv "
        + "line 6 (2024-01-05 10:00:00 UTC); no earlier stated balance agrees, so counting "
        + "from nothing held; the first transaction after which they part is transaction 1 "
        + "(2024-01-02 10:00:00 UTC).",
    ]
    #expect(Array(reconciled.stdoutLines.prefix(2)) == balances, "\(reconciled.stdout)")
    expectEqual(checked.status, 1)
    let open: [String] = [
      "transaction 1: deposit of 1 BTC into kraken on 2024-01-02 has no cost — coins "
        + "portfolio edit 1 --price <price>",
      "transaction 1: kraken holds 0.6 BTC, kraken_ledgers_balances_differ.csv line 6 "
        + "states 0.8 — coins portfolio reconcile",
    ]
    #expect(Array(checked.stdoutLines.prefix(2)) == open, "\(checked.stdout)")
    // (The import's `Coins: BTC → bitcoin` line names the id on purpose: it says the mapping.)
    for output in [reconciled.stdout, checked.stdout] {
      #expect(!output.contains("bitcoin"), "\(output)")
    }
    // JSON names coins by id, in its words too.
    #expect(json.stdout.contains(#""coin": "bitcoin""#), "\(json.stdout)")
    #expect(
      json.stdout.contains(
        #""detail": "kraken holds 0.6 bitcoin, kraken_ledgers_balances_differ.csv line 6 "#
          + #"states 0.8""#), "\(json.stdout)")
  }

  /// Bitcoin and Bitcoin (Bridged) are both BTC: where the lines show both, each is followed
  /// by its id; where they show one, its symbol alone. Both bought in euros in 2024, beyond
  /// CoinGecko's year of daily prices and with no ECB: converted to dollars at today's rate.
  @Test func twoCoinsSharingASymbolAreFollowedByTheirIds() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for words in [
      ["btc", "1", "--cost", "30000", "--date", "2024-01-01"],
      ["--id", "bitcoin-bridged", "2", "--cost", "9000", "--date", "2024-01-06"],
    ] {
      let added = try await coins.run(
        ["portfolio", "add"] + words + ["--currency", "eur", "--wallet", "kraken"])
      #expect(added.status == 0, "\(words): \(added.stderr)")
    }

    let both = try await coins.run([
      "portfolio", "reconcile", "--expect", "bitcoin=1", "--expect", "bitcoin-bridged=2.5",
      "--wallet", "kraken",
    ])
    let one = try await coins.run([
      "portfolio", "reconcile", "--expect", "bitcoin-bridged=2", "--wallet", "kraken",
    ])
    let checked = try await coins.run(["portfolio", "check"])

    // 1 bitcoin as expected; 2 bitcoin-bridged against the 2.5 expected.
    expectEqual(both.status, 1)
    let reconciled: [String] = [
      "Balances: 1 equal, 1 differs.",
      "  BTC (bitcoin) in 'kraken': 1, equal to --expect (now).",
      "  BTC (bitcoin-bridged) in 'kraken': 2 computed, 2.5 stated by --expect (now); no "
        + "earlier stated balance agrees, so counting from nothing held; the first "
        + "transaction after which they part is transaction 2 (2024-01-06 00:00:00 UTC).",
      "",
    ]
    #expect(both.stdoutLines == reconciled, "\(both.stdout)")
    #expect(one.status == 0, "\(one.stdout)")
    #expect(
      one.stdout == "Balances: 1 equal, 0 differ.\n  BTC in 'kraken': 2, equal to --expect (now).\n"
    )
    expectEqual(checked.status, 1)
    let converted = "is converted from EUR to USD at today's rate (no rate for its day)"
    let open: [String] = [
      "transaction 1: buy of 1 BTC (bitcoin) on 2024-01-01 \(converted) — coins portfolio "
        + "edit 1 --price <price> --currency usd",
      "transaction 2: buy of 2 BTC (bitcoin-bridged) on 2024-01-06 \(converted) — coins "
        + "portfolio edit 2 --price <price> --currency usd",
    ]
    #expect(Array(checked.stdoutLines.prefix(2)) == open, "\(checked.stdout)")
  }
}
