import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioValueCommandTests {
  @Test func threeAddsThenValueShowTheExactTotal() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc", "0.5"), 0)
    await expectEqual(world.run("portfolio", "add", "eth", "2"), 0)
    await expectEqual(world.run("portfolio", "add", "sol", "10"), 0)
    let before = world.stdout.text
    await expectEqual(world.run("portfolio", "value"), 0)
    #expect(
      String(world.stdout.text.dropFirst(before.count)) == """
        Portfolio in USD · live, 2026-11-30 12:00:00 UTC · US rules
        Coin   Name      Amount       Price       Value    Share      24h  Cost  P/L  P/L %
        BTC    Bitcoin      0.5  $50,000.00  $25,000.00   76.92%  +25.00%     —    —      —
        ETH    Ethereum       2   $3,000.00   $6,000.00   18.46%  -25.00%     —    —      —
        SOL    Solana        10     $150.00   $1,500.00    4.62%        —     —    —      —
        Total                                $32,500.00  100.00%  +10.17%     —    —      —
        24h: +$3,000.00 (+10.17%)

        """)
    expectEqual(world.stderr.text, "")
  }

  @Test func jsonHasTheExactFigures() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(
      PortfolioStore.text(of: PortfolioFixtures.threeHoldings))
    await expectEqual(world.run("portfolio", "value", "--json"), 0)
    let document = try JSONValueParser.parse(Array(world.stdout.text.utf8))
    expectEqual(document["total"], .number("32500"))
    expectEqual(document["change24hValue"], .number("3000"))
    expectEqual(document["source"], .string("live"))
    #expect(
      document["holdings"]?.arrayValue?.map { $0["allocation"] } == [
        .number("76.9230769231"), .number("18.4615384615"), .number("4.61538461538"),
      ])
  }

  @Test func aHoldingOutsideTheTop250IsFetchedByIdInOneRequest() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    var portfolio = PortfolioFixtures.threeHoldings
    portfolio.add(PortfolioFixtures.lot("1000"), to: "tiny-cat")
    portfolio.add(PortfolioFixtures.lot("1"), to: "delisted-coin")
    try world.writePortfolio(PortfolioStore.text(of: portfolio))
    await expectEqual(world.run("portfolio", "value", "--json"), 0)
    #expect(
      world.fake.requestSummaries == [
        "/coins/markets?vs_currency=usd&page=1",
        "/coins/markets?vs_currency=usd&ids=tiny-cat,delisted-coin&page=1",
      ])
    let document = try JSONValueParser.parse(Array(world.stdout.text.utf8))
    expectEqual(document["total"], .number("32502.5"))
    #expect(
      world.stderr.text == "Warning: no price for delisted-coin; left out of the total.\n")
  }

  @Test func anEmptyPortfolioSaysHowToAddACoinWithoutTheNetwork() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "value"), 0)
    #expect(
      world.stdout.text
        == "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n")
    expectEqual(world.fake.requests, [])
  }

  @Test func liveOnlyFailsWhenCoinGeckoCannotAnswer() async throws {
    let world = try PortfolioCommandWorld(failing: true)
    defer { world.remove() }
    try world.writePortfolio(
      PortfolioStore.text(of: PortfolioFixtures.threeHoldings))
    await expectEqual(world.run("portfolio", "value", "--live"), 69)
    #expect(world.stderr.text.hasPrefix("Error: "))
    expectEqual(world.stdout.text, "")
  }
}
