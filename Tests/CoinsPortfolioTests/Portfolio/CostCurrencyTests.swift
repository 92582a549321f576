import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// `portfolio add --cost … --currency …`: a cost is stored only in a currency CoinGecko knows.
@Suite struct CostCurrencyTests {
  private static let empty = #"{"version": 1, "holdings": []}"#
  private static let sample = PortfolioFixtures.market(
    source: .sample, staleReason: "sample data bundled with coins")

  @Test func onlineAnUnknownCurrencyIsCoinGeckosHTTP400AndNothingIsWritten() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    try world.writePortfolio(Self.empty)
    #expect(
      await world.run("portfolio", "add", "btc", "1", "--cost", "5", "--currency", "xyz") == 1)
    expectEqual(world.stderr.text, "Error: CoinGecko answered HTTP 400: invalid vs_currency.\n")
    expectEqual(world.stdout.text, "")
    expectEqual(world.fake.requestSummaries, ["/coins/markets?vs_currency=xyz&page=1"])
    expectEqual(world.portfolioText, Self.empty)
  }

  @Test func offlineACommonCodeIsTakenOnTrust() async throws {
    let world = try PortfolioCommandWorld(failing: true, sample: Self.sample)
    defer { world.remove() }
    #expect(
      await world.run("portfolio", "add", "btc", "1", "--cost", "90000", "--currency", "chf")
        == 0)
    #expect(
      world.stdout.text
        == "Added 1 btc → Bitcoin (bitcoin) at CHF 90,000.00 per coin.\nHolding: 1 BTC in 1 lot.\n")
    let lot = try #require(
      try PortfolioStore(url: world.portfolioURL).load().holdings.first?.lots.first)
    expectEqual(lot.costCurrency, "chf")
  }

  @Test func offlineAnUnknownCodeIsRefusedAndNothingIsWritten() async throws {
    let world = try PortfolioCommandWorld(failing: true, sample: Self.sample)
    defer { world.remove() }
    try world.writePortfolio(Self.empty)
    #expect(
      await world.run("portfolio", "add", "btc", "1", "--cost", "5", "--currency", "xyz") == 69)
    #expect(
      world.stderr.text
        == "Error: Cannot reach coingecko.test: there is no network or the name does not "
        + "resolve. Without CoinGecko the currency 'xyz' cannot be checked: offline, costs are "
        + "taken only in common codes such as usd, eur, gbp, jpy, chf or btc.\n")
    expectEqual(world.stdout.text, "")
    expectEqual(world.portfolioText, Self.empty)
  }

  @Test func offlineWithNothingAtAllTheReasonIsStillGiven() async throws {
    let world = try PortfolioCommandWorld(failing: true)
    defer { world.remove() }
    #expect(
      await world.run("portfolio", "add", "btc", "1", "--cost", "5", "--currency", "xyz") == 69)
    #expect(
      world.stderr.text
        == "Error: Cannot reach coingecko.test: there is no network or the name does not "
        + "resolve. Without CoinGecko the currency 'xyz' cannot be checked: offline, costs are "
        + "taken only in common codes such as usd, eur, gbp, jpy, chf or btc.\n")
    #expect(!FileManager.default.fileExists(atPath: world.portfolioURL.path))
  }

  @Test func offlineAMarketCachedInTheCurrencyVouchesForIt() async throws {
    let world = try PortfolioCommandWorld(failing: true, sample: Self.sample)
    defer { world.remove() }
    // Only an answer CoinGecko gave in that currency is ever cached.
    try MarketCache(directory: world.directory.url.appendingPathComponent("cache/coins"))
      .store(PortfolioFixtures.market(currency: "xyz"))
    #expect(
      await world.run("portfolio", "add", "btc", "1", "--cost", "5", "--currency", "xyz") == 0)
    #expect(
      world.stdout.text
        == "Added 1 btc → Bitcoin (bitcoin) at XYZ 5.00 per coin.\nHolding: 1 BTC in 1 lot.\n")
  }

  @Test func withoutACostOfflineTheCurrencyDoesNotMatter() async throws {
    let world = try PortfolioCommandWorld(failing: true, sample: Self.sample)
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc", "1", "--currency", "xyz"), 0)
    expectEqual(world.stdout.text, "Added 1 btc → Bitcoin (bitcoin).\nHolding: 1 BTC in 1 lot.\n")
  }

  @Test func theOfflineListHoldsTheUsualCodes() {
    for code in ["usd", "eur", "gbp", "jpy", "chf", "cad", "aud", "btc", "eth", "sats"] {
      #expect(CostCurrency.knownOffline.contains(code), "\(code)")
    }
    #expect(!CostCurrency.knownOffline.contains("xyz"))
  }
}
