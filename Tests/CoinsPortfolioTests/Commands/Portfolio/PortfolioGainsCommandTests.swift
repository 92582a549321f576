import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins portfolio gains` and `income` in process, on the worked example of
/// ``LotMethodTests`` (three lots of bitcoin, two sales) and two staking rewards.
@Suite struct PortfolioGainsCommandTests {
  static func day(_ text: String) -> Date { PortfolioFixtures.date("\(text)T00:00:00Z") }

  static var portfolio: Portfolio {
    var reward = Transaction(
      id: "6", kind: .transferIn, amount: PortfolioFixtures.decimal("0.05"), price: 3000,
      currency: "usd", date: day("2025-04-01"), note: "staking")
    reward.isIncome = true
    var later = Transaction(
      id: "7", kind: .transferIn, amount: PortfolioFixtures.decimal("0.0333"),
      price: PortfolioFixtures.decimal("3100.3"), currency: "usd", date: day("2026-01-05"))
    later.isIncome = true
    let gift = Transaction(
      id: "8", kind: .transferIn, amount: 1, price: 10, currency: "usd", date: day("2025-04-02"))
    return Portfolio(holdings: [
      Holding(id: "bitcoin", transactions: LotMethodTests.threeLotsTwoSales),
      Holding(id: "ethereum", transactions: [reward, later, gift]),
    ])
  }

  static func world() throws -> PortfolioCommandWorld {
    let world = try PortfolioCommandWorld()
    try world.writePortfolio(PortfolioCodec.text(of: portfolio))
    return world
  }

  @Test func hifoShowsEachSaleWithItsLots() async throws {
    let world = try Self.world()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "gains", "--method", "hifo", "--lots"), 0)
    // Figures from LotMethodTests.hifoTakesTheHighestCostPerCoinFirst.
    #expect(
      world.stdout.text == """
        Gains by US rules in USD · days in UTC
        Date        Coin     Amount  Proceeds  Cost basis      Gain      Held  Term   ID
        2025-03-01  bitcoin     1.5   $597.00     $450.00  +$147.00     1 lot  short   4
        2025-01-10              1.5   $597.00     $450.00  +$147.00   50 days  short   2
        2025-03-02  bitcoin       2   $500.00     $402.50   +$97.50    3 lots  mixed   5
        2025-01-10              0.5   $125.00     $150.00   -$25.00   51 days  short   2
        2025-02-01                1   $250.00     $202.00   +$48.00   29 days  short   3
        2024-02-29              0.5   $125.00      $50.50   +$74.50  367 days  long    1
        2025: proceeds $1,097.00, cost basis $852.50, gain +$244.50 (highest cost first).
        2025 short term: proceeds $972.00, cost basis $802.00, gain +$170.00.
        2025 long term: proceeds $125.00, cost basis $50.50, gain +$74.50.

        """)
    expectEqual(world.stderr.text, "")
  }

  @Test func jsonCarriesTheLotsAndTheTerms() async throws {
    let world = try Self.world()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "gains", "--method", "lifo", "--json"), 0)
    let document = try JSONValueParser.parse(Array(world.stdout.text.utf8))
    let sales = try #require(document["sales"]?.arrayValue)
    expectEqual(sales.map { $0["costBasis"] }, [.number("352"), .number("500.5")])
    let lots = try #require(sales[1]["lots"]?.arrayValue)
    #expect(
      lots[1]
        == .object([
          JSONMember("acquired", .string("2024-02-29T00:00:00.000Z")),
          // The buy the table's ID column names (1, the 2024-02-29 buy).
          JSONMember("acquiredId", .string("1")),
          JSONMember("amount", .number("0.5")), JSONMember("costBasis", .number("50.5")),
          JSONMember("proceeds", .number("125")), JSONMember("gain", .number("74.5")),
          JSONMember("days", .number("367")), JSONMember("term", .string("long")),
          // Its price was given, in the report's currency: nothing converted.
          JSONMember(
            "provenance",
            .object([
              JSONMember("pricing", .string("given")), JSONMember("source", .null),
              JSONMember("conversion", .null),
            ])),
        ]))
    let year = try #require(document["years"]?.arrayValue?.first)
    expectEqual(year["gain"], .number("244.5"))
    expectEqual(year["shortTerm"]?["gain"], .number("170"))
    expectEqual(year["longTerm"]?["costBasis"], .number("50.5"))
  }

  @Test func csvLotsAreForm8949Rows() async throws {
    let world = try Self.world()
    defer { world.remove() }
    // A coin named nowhere on disk is described by its id; no market request is made for it.
    await expectEqual(world.run("portfolio", "gains", "--csv", "--lots"), 0)
    #expect(
      world.stdout.text.split(separator: "\n").dropFirst().first
        == "1 bitcoin,2024-02-29,2025-03-01,398.00,101.00,297.00,long,usd,4,1,given,given")
    expectEqual(world.fake.requests, [])
    // `value` leaves the market it fetched in the cache: from then on the symbol is known.
    await expectEqual(world.run("portfolio", "value"), 0)
    let before = world.stdout.text.count
    await expectEqual(world.run("portfolio", "gains", "--csv", "--lots"), 0)
    // FIFO: LotMethodTests.fifoTakesTheOldestLotsFirst.
    #expect(
      String(world.stdout.text.dropFirst(before)) == """
        description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,\
        proceedsProvenance,costProvenance
        1 BTC,2024-02-29,2025-03-01,398.00,101.00,297.00,long,usd,4,1,given,given
        0.5 BTC,2025-01-10,2025-03-01,199.00,150.00,49.00,short,usd,4,2,given,given
        1.5 BTC,2025-01-10,2025-03-02,375.00,450.00,-75.00,short,usd,5,2,given,given
        0.5 BTC,2025-02-01,2025-03-02,125.00,101.00,24.00,short,usd,5,3,given,given

        """)
  }

  @Test func aYearWithoutSalesSaysSo() async throws {
    let world = try Self.world()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "gains", "--year", "2024"), 0)
    #expect(
      world.stdout.text == "Gains by US rules in USD · days in UTC\nNo sales recorded in 2024.\n")
  }

  @Test func incomeListsTheRewardsAtTheirValuePerCoinAndYear() async throws {
    let world = try Self.world()
    defer { world.remove() }
    await expectEqual(world.run("portfolio", "income"), 0)
    // 0.05 × 3,000 = 150; 0.0333 × 3,100.3 = 103.23999 → 103.24. The gift (id 8) is not
    // income.
    #expect(
      world.stdout.text == """
        Income by US rules in USD · days in UTC
        Date        Coin      Amount      Price    Value  ID  Note
        2025-04-01  ethereum    0.05  $3,000.00  $150.00   6  staking
        2026-01-05  ethereum  0.0333  $3,100.30  $103.24   7
        2025 ethereum: 0.05 received, worth $150.00.
        2025: income $150.00.
        2026 ethereum: 0.0333 received, worth $103.24.
        2026: income $103.24.

        """)
    let before = world.stdout.text.count
    await expectEqual(world.run("portfolio", "income", "--year", "2026", "--csv"), 0)
    #expect(
      String(world.stdout.text.dropFirst(before)) == """
        date,coin,amount,price,priceCurrency,value,currency,id,note,provenance
        2026-01-05,ethereum,0.0333,3100.3,usd,103.24,usd,7,,given

        """)
    await expectEqual(world.run("portfolio", "income", "--year", "2024"), 0)
    #expect(world.stdout.text.hasSuffix("No income recorded in 2024.\n"))
  }

  @Test func theIncomeMarkIsKeptInTheFile() async throws {
    let world = try Self.world()
    defer { world.remove() }
    #expect(
      await world.run(
        "portfolio", "transfer", "in", "eth", "0.01", "--income", "--cost", "2000", "--date",
        "2026-02-01") == 0)
    #expect(
      world.stdout.text.hasPrefix(
        "Transferred in 0.01 ETH as income worth $20.00 at $2,000.00 per coin."))
    let text = try #require(world.portfolioText)
    #expect(text.contains(#""income": true"#))
    let (read, _) = try PortfolioCodec.decode(Array(text.utf8))
    expectEqual(read.holdings[1].transactions.filter(\.isIncome).map(\.id), ["6", "7", "9"])
  }
}
