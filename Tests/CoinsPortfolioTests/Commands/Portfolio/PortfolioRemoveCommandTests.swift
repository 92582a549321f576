import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioRemoveCommandTests {
  private static let twoLots = """
    {"version": 1, "holdings": [
      {"id": "bitcoin", "lots": [
        {"amount": "0.25", "cost": "60000", "date": "2026-03-01T00:00:00Z"},
        {"amount": "0.25", "cost": "20000", "date": "2026-01-01T00:00:00Z"}]},
      {"id": "ethereum", "lots": [{"amount": "2"}]}]}
    """

  @Test func removesFromTheNewestLotByIdWithoutTheNetwork() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.twoLots)
    await expectEqual(world.run("portfolio", "remove", "bitcoin", "0.3"), 0)
    // No market on disk to name it by: the id.
    expectEqual(world.stdout.text, "Removed 0.3 bitcoin. Holding: 0.2 bitcoin left.\n")
    expectEqual(world.fake.requests, [])
    let lots = try PortfolioStore(url: world.portfolioURL).load().holding(id: "bitcoin")?.lots
    // The March lot (the newest) goes whole, then 0.05 of January's.
    expectEqual(lots, [PortfolioFixtures.lot("0.2", cost: "20000", date: "2026-01-01T00:00:00Z")])
    #expect(
      TemporaryDirectory.text(of: URL(fileURLWithPath: world.portfolioURL.path + ".bak"))
        == Self.twoLots)
  }

  @Test func aSymbolIsMappedToTheHeldCoin() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.twoLots)
    await expectEqual(world.run("portfolio", "remove", "BTC"), 0)
    // The market asked for to find BTC names it by its symbol too.
    expectEqual(world.stdout.text, "Removed all BTC. The portfolio no longer holds it.\n")
    try expectEqual(PortfolioStore(url: world.portfolioURL).load().holdings.map(\.id), ["ethereum"])
  }

  @Test func removingMoreThanHeldChangesNothing() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.twoLots)
    await expectEqual(world.run("portfolio", "remove", "bitcoin", "0.6"), 1)
    #expect(
      world.stderr.text
        == "Error: Cannot remove 0.6 bitcoin: the portfolio holds only 0.5. Nothing was changed.\n")
    expectEqual(world.portfolioText, Self.twoLots)
    #expect(!FileManager.default.fileExists(atPath: world.portfolioURL.path + ".bak"))
  }

  @Test func aCoinNotHeldIsAnError() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.twoLots)
    await expectEqual(world.run("portfolio", "remove", "sol"), 1)
    expectEqual(world.stderr.text, "Error: The portfolio holds no sol.\n")
    await expectEqual(world.run("portfolio", "remove", "--id", "solana"), 1)
    #expect(world.stderr.text.hasSuffix("Error: The portfolio holds no solana.\n"))
    expectEqual(world.portfolioText, Self.twoLots)
  }

  @Test func aCorruptFileIsNeverRewritten() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    let text = #"{"version": 1, "holdings": [{"id": "bitcoin", "lots": [{"amount": "1e3"}]}]}"#
    try world.writePortfolio(text)
    await expectEqual(world.run("portfolio", "remove", "bitcoin"), 65)
    #expect(
      world.stderr.text.contains(
        #"cannot be read: holdings[0].lots[0].amount should be a positive decimal string such as "0.5"."#
      ))
    expectEqual(world.portfolioText, text)
  }
}
