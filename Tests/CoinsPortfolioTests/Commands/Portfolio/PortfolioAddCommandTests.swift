import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioAddCommandTests {
  @Test func addsALotWithItsCostAndDateAndSaysWhichCoin() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc", "0.5", "--cost", "42000"), 0)
    #expect(
      world.stdout.text
        == "Added 0.5 btc → Bitcoin (bitcoin) at $42,000.00 per coin.\nHolding: 0.5 BTC in 1 lot.\n"
    )
    expectEqual(world.stderr.text, "")
    #expect(
      world.portfolioText == """
        {
          "version": 3,
          "holdings": [
            {
              "id": "bitcoin",
              "transactions": [
                {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2026-11-30T12:00:00.000Z"}
              ]
            }
          ]
        }

        """)
    expectEqual(TemporaryDirectory.permissions(of: world.portfolioURL), 0o600)
  }

  @Test func aSharedSymbolMeansTheBestRankedCoinAndNamesTheOthers() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "eth", "2"), 0)
    #expect(
      world.stdout.text
        == "Added 2 eth → Ethereum (ethereum).\nHolding: 2 ETH in 1 lot.\n"
        + "Note: 'eth' is also the symbol of Wormhole Bridged ETH (ethereum-wormhole), "
        + "ETH (eth-token); use --id to add one of those instead.\n")
    try expectEqual(PortfolioStore(url: world.portfolioURL).load().holdings.map(\.id), ["ethereum"])
  }

  @Test func anIdPicksAnyCoinWithoutANote() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "--id", "ethereum-wormhole", "1"), 0)
    #expect(
      world.stdout.text
        == "Added 1 ethereum-wormhole → Wormhole Bridged ETH (ethereum-wormhole).\n"
        + "Holding: 1 ETH in 1 lot.\n")
  }

  @Test func aCoinOutsideTheTop250IsFoundThroughSearch() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "tcat", "1000"), 0)
    #expect(
      world.stdout.text == "Added 1000 tcat → Tiny Cat (tiny-cat).\nHolding: 1000 TCAT in 1 lot.\n")
    #expect(
      world.fake.requestSummaries == [
        "/coins/markets?vs_currency=usd&page=1", "/search?query=tcat",
      ])
  }

  @Test func lotsAddUpExactly() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc", "0.1"), 0)
    await expectEqual(world.run("portfolio", "add", "bitcoin", "0.2"), 0)
    #expect(world.stdout.text.hasSuffix("Holding: 0.3 BTC in 2 lots.\n"))
    #expect(
      try PortfolioStore(url: world.portfolioURL).load().holding(id: "bitcoin")?.amount
        == PortfolioFixtures.decimal("0.3"))
  }

  @Test func aCostInAnotherCurrencyIsRecordedAsSuch() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    #expect(
      await world.run("portfolio", "add", "sol", "10", "--cost", "120.5", "--currency", "chf") == 0)
    #expect(
      world.stdout.text
        == "Added 10 sol → Solana (solana) at CHF 120.50 per coin.\nHolding: 10 SOL in 1 lot.\n")
    let lot = try #require(
      try PortfolioStore(url: world.portfolioURL).load().holdings.first?.lots.first)
    expectEqual(lot.costCurrency, "chf")
    expectEqual(lot.cost, PortfolioFixtures.decimal("120.5"))
  }

  @Test func anUnknownCoinSuggestsCloseOnesAndWritesNothing() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "eht", "1"), 1)
    #expect(
      world.stderr.text
        == "Error: Unknown coin 'eht'. Did you mean: eth (Ethereum, id ethereum); "
        + "eth (Wormhole Bridged ETH, id ethereum-wormhole); eth (ETH, id eth-token)?\n")
    expectEqual(world.stdout.text, "")
    #expect(!FileManager.default.fileExists(atPath: world.portfolioURL.path))
  }

  @Test func garbageSuggestsNothing() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "zzzzqqq", "1"), 1)
    #expect(
      world.stderr.text
        == "Error: Unknown coin 'zzzzqqq'. Name it by its symbol (btc) or CoinGecko id (bitcoin).\n"
    )
  }

  @Test func badAmountsAreRefusedBeforeAnythingHappens() async throws {
    for amount in ["-1", "0", "abc", "nan", "inf", "1e999"] {
      let world = try PortfolioCommandWorld()
      defer { world.remove() }
      try world.writePortfolio(#"{"version": 1, "holdings": []}"#)
      await expectEqual(world.run("portfolio", "add", "btc", amount), 64)
      #expect(
        world.stderr.text.hasPrefix(
          "Error: The value '\(amount)' is invalid for '<amount>': expected a positive decimal "
            + "number such as 0.5.\nUsage: coins portfolio add"))
      expectEqual(world.fake.requests, [])
      expectEqual(world.portfolioText, #"{"version": 1, "holdings": []}"#)
    }
  }

  @Test func aZeroCostIsRefusedLikeAZeroAmount() async throws {
    for cost in ["0", "0.00", "-5"] {
      let world = try PortfolioCommandWorld()
      defer { world.remove() }
      try world.writePortfolio(#"{"version": 1, "holdings": []}"#)
      await expectEqual(world.run("portfolio", "add", "btc", "1", "--cost", cost), 64)
      #expect(
        world.stderr.text
          == "Error: The value '\(cost)' is invalid for '--cost <price>': expected a positive "
          + "decimal number such as 42000.\n"
          + "Usage: coins portfolio add <coin> <amount> [--cost <price>] [--total <amount>]\n"
          + "                           [--fee <amount>] [--date <when>]\n"
          + "                           [--note <text>] [--id <id>] [--wallet <name>]\n"
          + "                           [--currency <code>] [--file <path>]\n"
          + "                           [--timeout <seconds>]\n"
          + "  See 'coins portfolio add --help' for more information.\n")
      expectEqual(world.stdout.text, "")
      expectEqual(world.fake.requests, [])
      expectEqual(world.portfolioText, #"{"version": 1, "holdings": []}"#)
    }
  }

  @Test func aMissingAmountIsAUsageError() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc"), 64)
    #expect(world.stderr.text.hasPrefix("Error: Missing expected argument '<amount>'\n"))
    expectEqual(world.directory.contents(), [])
  }

  @Test func aCorruptFileIsReportedBeforeAnyNetworkWork() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    let text = "{\"version\":1,\n\"holdings\":[}"
    try world.writePortfolio(text)
    await expectEqual(world.run("portfolio", "add", "btc", "1"), 65)
    let path = world.portfolioURL.path
    #expect(
      world.stderr.text
        == "Error: The portfolio file \(path) cannot be read: not valid JSON: unexpected '}' at "
        + "line 2, column 13. It was left unchanged; fix it by hand.\n")
    expectEqual(world.fake.requests, [])
    expectEqual(world.portfolioText, text)
  }

  @Test func aNewerFileIsLeftAlone() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    let text = #"{"version": 7, "holdings": []}"#
    try world.writePortfolio(text)
    await expectEqual(world.run("portfolio", "add", "btc", "1"), 65)
    #expect(
      world.stderr.text
        == "Error: The portfolio file \(world.portfolioURL.path) has format version 7, written by "
        + "a newer coins (this one reads version 3). It was left unchanged.\n")
    expectEqual(world.portfolioText, text)
  }

  @Test func withoutTheNetworkTheLookupFailsAndNothingIsWritten() async throws {
    let world = try PortfolioCommandWorld(failing: true)
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "add", "btc", "1"), 69)  // CoinGecko unavailable
    #expect(world.stderr.text.hasPrefix("Error: Cannot look the coin up: "))
    #expect(!FileManager.default.fileExists(atPath: world.portfolioURL.path))
  }

  @Test func concurrentAddsAllLand() async throws {
    let world = try PortfolioCommandWorld()
    defer { world.remove() }
    let statuses = await withTaskGroup(of: Int32.self) { group in
      for _ in 0..<20 {
        group.addTask { await world.run("portfolio", "add", "--id", "bitcoin", "0.05") }
      }
      var statuses: [Int32] = []
      for await status in group { statuses.append(status) }
      return statuses
    }
    expectEqual(statuses, Array(repeating: 0, count: 20))
    let holding = try PortfolioStore(url: world.portfolioURL).load().holding(id: "bitcoin")
    expectEqual(holding?.lots.count, 20)
    expectEqual(holding?.amount, 1)
  }
}
