import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins portfolio sell`: the held coin a symbol names is looked up in the sale's currency.
@Suite struct PortfolioSellCommandTests {
  private static let bitcoin = """
    {"version": 1, "holdings": [
      {"id": "bitcoin", "lots": [
        {"amount": "0.5", "cost": "20000", "date": "2026-01-01T00:00:00Z"}]}]}
    """

  @Test func aHeldSymbolIsLookedUpInTheSalesCurrency() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.bitcoin)
    let status = await world.run(
      "portfolio", "sell", "BTC", "0.1", "--price", "50000", "--currency", "eur",
      "--date", "2026-06-01")
    expectEqual(status, 0)
    // No coin is named on disk, so BTC is found in the market: the euro one, the currency the
    // sale's figures are in, not the dollar one.
    expectEqual(world.fake.requestSummaries.first, "/coins/markets?vs_currency=eur&page=1")
  }
}
