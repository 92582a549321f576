import Foundation
import Testing

/// `portfolio reprice` and `portfolio income` name the coins they price as `performance` and
/// `chart` do: a held coin not named on disk (no market cache, not in the bundled sample: a
/// portfolio file copied from elsewhere) is named by one request by its id, then remembered,
/// so the sources are asked by its ticker. Your prices name coin-0032 by its ticker, C032, so
/// under its id it would have no price: 2 C032 received on 2021-03-02 at that day's open of 11
/// is worth 2 × 11 = $22.00.
@Suite(.spawnsProcesses) struct PricingNamesEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  static let history = """
    {"version": 3, "holdings": [{"id": "coin-0032", "transactions": [
    {"id": "1", "type": "in", "amount": "2", "income": true, "costUnknown": true, "date": "2021-03-02T00:00:00.000Z"}]}]}

    """

  /// The fakes, your prices of C032 (10 on 1 March, 11 on the 2nd), only your prices asked.
  static func start() async throws -> Sources {
    let sources = try await Sources.start()
    let coins = sources.coins
    let file = coins.home.path + "/c032.csv"
    try "date,coin,price,currency\n2021-03-01,c032,10,usd\n2021-03-02,c032,11,usd\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    let imported = try await coins.run(["prices", "import", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    _ = try RepriceEndToEndTests.place(history, in: coins)
    return sources
  }

  @Test func repriceNamesACoinNotOnDiskByOneIDsRequestAndRemembersIt() async throws {
    let sources = try await Self.start()
    defer { sources.stop() }
    let coins = sources.coins
    let marketsBefore = try await sources.coinGecko.marketRequests().count

    let first = try await coins.run(["portfolio", "reprice", "--dry-run"])
    let markets = try await sources.coinGecko.marketRequests()
    let second = try await coins.run(["portfolio", "reprice", "--dry-run"])
    let marketsAfter = try await sources.coinGecko.marketRequests().count

    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout == """
        Would price 1 transaction:
          1  income 2 C032 on 2021-03-02: $11.00 (your price from c032.csv)
        Dry run: nothing was written.

        """)
    expectEqual(markets.count, marketsBefore + 1)
    expectEqual(markets.last?.query["ids"], "coin-0032")
    #expect(second.status == 0, "\(second.stderr)")
    expectEqual(second.stdout, first.stdout)
    expectEqual(marketsAfter, markets.count)
  }

  @Test func incomeNamesACoinNotOnDiskByOneIDsRequestAndRemembersIt() async throws {
    let sources = try await Self.start()
    defer { sources.stop() }
    let coins = sources.coins
    let marketsBefore = try await sources.coinGecko.marketRequests().count

    let first = try await coins.run(["portfolio", "income", "--json"])
    let markets = try await sources.coinGecko.marketRequests()
    let second = try await coins.run(["portfolio", "income", "--json"])
    let marketsAfter = try await sources.coinGecko.marketRequests().count

    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(#""price":11,"priceCurrency":"usd","value":22,"#))
    #expect(
      first.stderr == """
        Note: income without a value, valued at the open of its UTC day for this report only \
        (coins portfolio reprice saves these):
          1  income 2 C032 on 2021-03-02: $11.00 (your price from c032.csv)

        """)
    expectEqual(markets.count, marketsBefore + 1)
    expectEqual(markets.last?.query["ids"], "coin-0032")
    #expect(second.status == 0, "\(second.stderr)")
    expectEqual(second.stdout, first.stdout)
    expectEqual(marketsAfter, markets.count)
  }
}
