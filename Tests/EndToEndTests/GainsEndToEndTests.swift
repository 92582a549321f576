import Foundation
import Testing

/// Tax-grade gains through the built binary: the worked example of three lots and two sales
/// (Tests/CoinsPortfolioTests/Ledger/LotMethodTests.swift, every figure worked by hand there) entered
/// with `add` and `sell`, then `gains` by HIFO as JSON, FIFO as Form 8949 rows, `value` by
/// LIFO, and staking income valued at the fake's price of the day.
@Suite(.spawnsProcesses) struct GainsEndToEndTests {
  /// Lots 1–3 and sales 4–5 of the worked example.
  static let history = [
    ["portfolio", "add", "btc", "1", "--cost", "100", "--fee", "1", "--date", "2024-02-29"],
    ["portfolio", "add", "btc", "2", "--cost", "300", "--date", "2025-01-10"],
    ["portfolio", "add", "btc", "1", "--cost", "200", "--fee", "2", "--date", "2025-02-01"],
    ["portfolio", "sell", "btc", "1.5", "--price", "400", "--fee", "3", "--date", "2025-03-01"],
    ["portfolio", "sell", "btc", "2", "--price", "250", "--date", "2025-03-02"],
  ]

  static func recorded() async throws -> (FakeCoinGecko, CoinsBinary) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    for command in history {
      let result = try await coins.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    return (fake, coins)
  }

  @Test func hifoJSONListsEachSalesLotsAndTheYearsTerms() async throws {
    let (fake, coins) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--method", "hifo", "--json"])
    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    // Sale 4 takes 1.5 of lot 2 (300 a coin); sale 5 the last 0.5 of lot 2, lot 3 (202 a coin)
    // and 0.5 of lot 1 (101 a coin), bought 29 February, sold the day after 1 March: long.
    let expected = [
      #"{"rules":"us","title":"US rules","currency":"usd","method":"hifo","longTermAfter":null,"#,
      #""convertedAtTodaysRate":false,"sales":["#,
      #"{"id":"4","date":"2025-03-01T00:00:00.000Z","coin":"bitcoin","amount":1.5,"#,
      #""proceeds":597,"costBasis":450,"gain":147,"fee":3,"#,
      #""provenance":{"pricing":"given","source":null,"conversion":null},"lots":["#,
      #"{"acquired":"2025-01-10T00:00:00.000Z","acquiredId":"2","amount":1.5,"costBasis":450,"#,
      #""proceeds":597,"gain":147,"days":50,"term":"short","#,
      #""provenance":{"pricing":"given","source":null,"conversion":null}}]},"#,
      #"{"id":"5","date":"2025-03-02T00:00:00.000Z","coin":"bitcoin","amount":2,"#,
      #""proceeds":500,"costBasis":402.5,"gain":97.5,"fee":0,"#,
      #""provenance":{"pricing":"given","source":null,"conversion":null},"lots":["#,
      #"{"acquired":"2025-01-10T00:00:00.000Z","acquiredId":"2","amount":0.5,"costBasis":150,"#,
      #""proceeds":125,"gain":-25,"days":51,"term":"short","#,
      #""provenance":{"pricing":"given","source":null,"conversion":null}},"#,
      #"{"acquired":"2025-02-01T00:00:00.000Z","acquiredId":"3","amount":1,"costBasis":202,"#,
      #""proceeds":250,"gain":48,"days":29,"term":"short","#,
      #""provenance":{"pricing":"given","source":null,"conversion":null}},"#,
      #"{"acquired":"2024-02-29T00:00:00.000Z","acquiredId":"1","amount":0.5,"costBasis":50.5,"#,
      #""proceeds":125,"gain":74.5,"days":367,"term":"long","#,
      #""provenance":{"pricing":"given","source":null,"conversion":null}}]}],"#,
      #""years":[{"year":2025,"proceeds":1097,"costBasis":852.5,"gain":244.5,"#,
      #""shortTerm":{"proceeds":972,"costBasis":802,"gain":170},"#,
      #""longTerm":{"proceeds":125,"costBasis":50.5,"gain":74.5}}]}"#,
    ]
    expectEqual(result.stdout, expected.joined() + "\n")
  }

  @Test func csvLotsAreOneForm8949RowPerLot() async throws {
    let (fake, coins) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let result = try await coins.run(["portfolio", "gains", "--csv", "--lots"])
    expectEqual(result.status, 0)
    // FIFO: lot 1 whole and 0.5 of lot 2 to sale 4; 1.5 of lot 2 and 0.5 of lot 3 to sale 5.
    // Lot 1, bought 2024-02-29 (a month's last day) and sold 2025-03-01, is past its year,
    // which ended on 28 February: long (Rev. Rul. 66-7).
    #expect(
      result.stdoutLines == [
        "description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,"
          + "proceedsProvenance,costProvenance",
        "1 BTC,2024-02-29,2025-03-01,398.00,101.00,297.00,long,usd,4,1,given,given",
        "0.5 BTC,2025-01-10,2025-03-01,199.00,150.00,49.00,short,usd,4,2,given,given",
        "1.5 BTC,2025-01-10,2025-03-02,375.00,450.00,-75.00,short,usd,5,2,given,given",
        "0.5 BTC,2025-02-01,2025-03-02,125.00,101.00,24.00,short,usd,5,3,given,given", "",
      ])
    // Counted long only after more than 366 days instead, lot 1 (366 days) is short term.
    let rule = try await coins.run([
      "portfolio", "gains", "--csv", "--lots", "--long-term-after", "366",
    ])
    #expect(
      rule.stdoutLines[1]
        == "1 BTC,2024-02-29,2025-03-01,398.00,101.00,297.00,short,usd,4,1,given,given")
  }

  @Test func valueByLIFOCostsWhatIsLeftOfTheOldestLot() async throws {
    let (fake, coins) = try await Self.recorded()
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let json = try await coins.run(["portfolio", "value", "--method", "lifo", "--json"])
    expectEqual(json.status, 0)
    // LIFO leaves 0.5 of lot 1 costing 50.5; at the fake's $50,000: 25,000 − 50.5 = 24,949.5.
    // 24,949.5 ÷ 50.5 = 494.0495049504… so 49,404.950495% to 12 digits. Realized: 245 − 0.5 =
    // 244.5; fees 1 + 2 + 3 = 6.
    let figures =
      #""cost":50.5,"pnl":24949.5,"pnlPercent":49404.950495,"unrealizedPnl":24949.5,"#
      + #""realizedPnl":244.5,"fees":6,"method":"lifo""#
    #expect(json.stdout.contains(#""total":25000,"#), "\(json.stdout.prefix(400))")
    #expect(json.stdout.contains(figures), "\(json.stdout.prefix(400))")
    let table = try await coins.run(["portfolio", "value", "--method", "lifo"])
    expectEqual(table.status, 0)
    #expect(table.stdout.contains("Realized: +$244.50 · Fees: $6.00 · LIFO"), "\(table.stdout)")
  }

  @Test func incomeIsValuedAtTheDaysPrice() async throws {
    let fake = try await FakeCoinGecko.start(mode: "fixed-rates")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let day = TransactionEndToEndTests.day(20)
    // The fake's past price of ether is 0.8 × $3,000 = $2,400: 0.05 is worth $120.
    let reward = try await coins.run([
      "portfolio", "transfer", "in", "eth", "0.05", "--income", "--date", day, "--note", "staking",
    ])
    #expect(reward.status == 0, "\(reward.stderr)")
    #expect(
      reward.stdout
        == "Price at 00:00 UTC on \(day): $2,400.00 (CoinGecko's daily price).\n"
        + "Transferred in 0.05 ETH as income worth $120.00 at $2,400.00 per coin. "
        + "Holding: 0.05 ETH. Transaction 1.\n")
    let income = try await coins.run(["portfolio", "income", "--json"])
    let year = String(day.prefix(4))
    let expected = [
      #"{"rules":"us","title":"US rules","currency":"usd","convertedAtTodaysRate":false,"#,
      #""income":[{"id":"1","date":"\#(day)T00:00:00.000Z","#,
      #""coin":"ethereum","amount":0.05,"price":2400,"priceCurrency":"usd","value":120,"#,
      // CoinGecko's price of the day, in the report's currency.
      #""note":"staking","provenance":{"pricing":"dayPrice","source":"coingecko","#,
      #""conversion":null}}],"years":[{"year":\#(year),"value":120,"#,
      #""coins":[{"coin":"ethereum","amount":0.05,"value":120}]}]}"#,
    ]
    expectEqual(income.stdout, expected.joined() + "\n")
  }
}
