import Foundation
import Testing

/// `coins portfolio explain` through the built binary: a sale's lots adding up to its figures to
/// the cent, a buy naming the sale that took from it, an unknown transaction refused (exit 65).
@Suite(.spawnsProcesses) struct ExplainEndToEndTests {
  /// Three buys of 1 BTC at $10 + $0.005 fee; sale 4 of the 3 at $33.34 − $0.02 fee.
  static let file = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "10", "fee": "0.005", "date": "2024-01-01T12:00:00.000Z"},
    {"id": "2", "type": "buy", "amount": "1", "price": "10", "fee": "0.005", "date": "2024-01-02T12:00:00.000Z"},
    {"id": "3", "type": "buy", "amount": "1", "price": "10", "fee": "0.005", "date": "2024-01-03T12:00:00.000Z"},
    {"id": "4", "type": "sell", "amount": "3", "price": "33.34", "fee": "0.02", "date": "2024-12-31T12:00:00.000Z"},
    {"id": "5", "type": "in", "amount": "0.5", "price": "40", "income": true, "priceSource": "coinbase", "date": "2025-02-01T12:00:00.000Z"}
    ]}]}

    """

  @Test func aSaleItsLotsABuyAndAnUnknownTransaction() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let portfolio = coins.home.path + "/p.json"
    try Self.file.write(toFile: portfolio, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: portfolio))

    // Proceeds 3 × 33.34 − 0.02 = 100.00, a third each 33.3333… → 33.33, 33.33 and the last
    // 100.00 − 66.66 = 33.34. Cost 3 × 10.005 = 30.015 → 30.02 (half to even); each 10.005 →
    // 10.00, the last 30.02 − 20.00 = 10.02. Gain 69.985 → 69.98; each 23.3283… → 23.33, the
    // last 69.98 − 46.66 = 23.32. Bought 2024-01-0n, first year ends 2025-01-0n: sold
    // 2024-12-31 → short.
    let sale = try await coins.run(["portfolio", "explain", "4", "--file", portfolio])
    #expect(sale.status == 0, "\(sale.stderr)")
    var expected = """
      Sale 4: 3 BTC from default on 2024-12-31 at 33.34 USD (given)
      Rules: US rules; method FIFO, scope universal (one pool across wallets); figures in USD
      Proceeds $100.00 (after the fee of $0.02)
      Cost basis $30.02, gain $69.98

      """
    for (lot, cost, proceeds, gain) in [
      (1, "10.00", "33.33", "23.33"), (2, "10.00", "33.33", "23.33"),
      (3, "10.02", "33.34", "23.32"),
    ] {
      expected += """
        Lot \(lot): buy \(lot) in default on 2024-01-0\(lot), 1 of 1 BTC
          price 10 USD per coin (given), share of the fee 0.005 USD
          cost basis $\(cost), proceeds $\(proceeds), gain $\(gain)
          held: acquired 2024-01-0\(lot), first year ends 2025-01-0\(lot), sold 2024-12-31 → short term

        """
    }
    expected += """
      The lots add up to the sale: proceeds $100.00, cost basis $30.02, gain $69.98 (each lot \
      rounded, the last taking what is left).

      """
    expectEqual(sale.stdout, expected)

    let json = try await coins.run(["portfolio", "explain", "4", "--json", "--file", portfolio])
    expectEqual(json.status, 0)
    #expect(json.stdout.hasPrefix(#"{"rules":"us","kind":"sale","id":"4","#))
    #expect(json.stdout.contains(#""proceeds":100,"fee":0.02,"costBasis":30.02,"gain":69.98,"#))
    #expect(json.stdout.contains(#""proceeds":33.34,"costBasis":10.02,"gain":23.32,"#))

    let buy = try await coins.run(["portfolio", "explain", "2", "--file", portfolio])
    #expect(
      buy.stdout
        == """
        Transaction 2 is a buy: 1 BTC on 2024-01-02; it realizes nothing.
        Sale 4 took 1 (coins portfolio explain 4)

        """)
    // 0.5 × 40 = 20.
    let income = try await coins.run(["portfolio", "explain", "5", "--file", portfolio])
    #expect(
      income.stdout
        == """
        Income 5: 0.5 BTC on 2025-02-01
        Fair value: 0.5 × 40 USD = 20 USD
        Value from: coinbase (looked up by coins)

        """)

    let unknown = try await coins.run(["portfolio", "explain", "9", "--file", portfolio])
    expectEqual(unknown.status, 65)
    #expect(
      unknown.stderr
        == "Error: No transaction 9 in the portfolio (coins portfolio history lists them with "
        + "their ids).\n")
    let wallet = try await coins.run([
      "portfolio", "explain", "4", "--rules", "uk", "--scope", "wallet", "--file", portfolio,
    ])
    expectEqual(wallet.status, 64)
    #expect(
      wallet.stderr.components(separatedBy: "\n").first
        == "Error: --scope wallet cannot be used with --rules uk: HMRC pools each coin once per "
        + "person (one section 104 pool across every wallet)")
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: portfolio)), before)
  }
}
