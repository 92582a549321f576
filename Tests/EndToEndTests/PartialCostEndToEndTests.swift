import Foundation
import Testing

/// A holding only some of whose coins have a known cost (issue 42, "partial cost is said
/// everywhere"), through the built binary against the loopback fake (bitcoin at $50,000,
/// ethereum at $3,000): `value`, `list` and `wallets`, as tables, JSON and CSV, show the value
/// of the costed coins beside the whole holding's, the P/L over those only, and say so.
@Suite(.spawnsProcesses) struct PartialCostEndToEndTests {
  /// 1 BTC bought at $40,000, 1 BTC deposited from outside at an unknown cost, 2 ETH bought at
  /// $2,500 (every coin of it costed).
  static let file = """
    {"version": 3, "holdings": [
    {"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "40000", "date": "2026-01-01T00:00:00.000Z"},
    {"id": "2", "type": "in", "amount": "1", "date": "2026-01-02T00:00:00.000Z", "costUnknown": true}]},
    {"id": "ethereum", "transactions": [
    {"id": "3", "type": "buy", "amount": "2", "price": "2500", "date": "2026-01-03T00:00:00.000Z"}]}]}

    """

  static func start() async throws -> (FakeCoinGecko, CoinsBinary, String) {
    let fake = try await FakeCoinGecko.start()
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    let path = coins.home.path + "/partial.json"
    try file.write(toFile: path, atomically: true, encoding: .utf8)
    return (fake, coins, path)
  }

  @Test func valueShowsTheCostedValueAndTheProfitOverTheCostedCoinsOnly() async throws {
    let (fake, coins, path) = try await Self.start()
    defer { fake.stop() }
    defer { coins.cleanUp() }

    let table = try await coins.run(
      ["portfolio", "value", "--file", path], extraEnvironment: ["COLUMNS": "200"])
    let json = try await coins.run(["portfolio", "value", "--json", "--file", path])
    let csv = try await coins.run(["portfolio", "value", "--csv", "--file", path])

    // BTC: 2 × 50,000 = 100,000 held; the costed 1 × 50,000 = 50,000 on a cost of 40,000 is
    // +10,000, 10,000 ÷ 40,000 = +25.00%. ETH: 2 × 3,000 = 6,000 on 2 × 2,500 = 5,000: +1,000.
    // Total: value 106,000; costed value 50,000 + 6,000 = 56,000 on 45,000: +11,000,
    // 11,000 ÷ 45,000 = +24.44%.
    #expect(table.status == 0, "\(table.stderr)")
    let btc = try #require(table.stdoutLines.first { $0.hasPrefix("BTC") })
    #expect(btc.contains("$100,000.00"))
    #expect(
      btc.hasSuffix("$50,000.00  $40,000.00  +$10,000.00  +25.00%  cost known for 1 of 2"),
      "\(btc)")
    let eth = try #require(table.stdoutLines.first { $0.hasPrefix("ETH") })
    #expect(eth.hasSuffix("$6,000.00   $5,000.00   +$1,000.00  +20.00%"), "\(eth)")
    let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
    #expect(total.contains("$106,000.00"))
    #expect(total.contains("$56,000.00  $45,000.00  +$11,000.00  +24.44%"), "\(total)")
    #expect(
      table.stdoutLines.contains {
        $0.hasSuffix(
          "P/L: +$11,000.00 (+24.44%) on $45,000.00 · costed value $56,000.00 "
            + "(cost known for 1 of 2 BTC)")
      }, "\(table.stdout)")

    expectEqual(json.status, 0)
    let document = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    expectEqual(document["total"] as? Double, 106_000)
    expectEqual(document["costedValue"] as? Double, 56_000)
    expectEqual(document["cost"] as? Double, 45_000)
    expectEqual(document["pnl"] as? Double, 11_000)
    let holdings = try #require(document["holdings"] as? [[String: Any]])
    expectEqual(holdings[0]["costedAmount"] as? Double, 1)
    expectEqual(holdings[0]["uncostedAmount"] as? Double, 1)
    expectEqual(holdings[0]["costedValue"] as? Double, 50_000)
    expectEqual(holdings[0]["pnl"] as? Double, 10_000)
    expectEqual(holdings[1]["costedAmount"] as? Double, 2)
    expectEqual(holdings[1]["uncostedAmount"] as? Double, 0)
    expectEqual(holdings[1]["costedValue"] as? Double, 6_000)

    expectEqual(csv.status, 0)
    #expect(
      csv.stdoutLines[0]
        == "id,symbol,name,amount,price,value,allocation,change24h,cost,pnl,pnlPercent,"
        + "realizedPnl,fees,currency,costedAmount,uncostedAmount,costedValue")
    #expect(csv.stdoutLines[1].hasSuffix(",40000.00,10000.00,25,0.00,0.00,usd,1,1,50000.00"))
    #expect(csv.stdoutLines[2].hasSuffix(",5000.00,1000.00,20,0.00,0.00,usd,2,0,6000.00"))
  }

  @Test func listAndWalletsSayHowManyCoinsHaveAKnownCost() async throws {
    let (fake, coins, path) = try await Self.start()
    defer { fake.stop() }
    defer { coins.cleanUp() }

    let list = try await coins.run(
      ["portfolio", "list", "--file", path], extraEnvironment: ["COLUMNS": "120"])
    let listJSON = try await coins.run(["portfolio", "list", "--json", "--file", path])
    let wallets = try await coins.run(
      ["portfolio", "wallets", "--file", path], extraEnvironment: ["COLUMNS": "200"])
    let walletsJSON = try await coins.run(["portfolio", "wallets", "--json", "--file", path])

    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdoutLines.contains { $0.hasSuffix("2 lots · cost known for 1 of 2") })
    #expect(list.stdoutLines.contains { $0.hasPrefix("ETH") && $0.hasSuffix("1 lot") })
    #expect(listJSON.stdout.contains(#""amount":2,"costedAmount":1,"uncostedAmount":1,"lots""#))

    // One wallet (default) holds it all: as value's total above.
    #expect(wallets.status == 0, "\(wallets.stderr)")
    #expect(
      wallets.stdoutLines.contains {
        $0.hasPrefix("default") && $0.contains("$106,000.00  $56,000.00  $45,000.00")
          && $0.contains("+$11,000.00") && $0.hasSuffix("cost known for 1 of 2 BTC")
      }, "\(wallets.stdout)")
    let document = try #require(
      JSONSerialization.jsonObject(with: Data(walletsJSON.stdout.utf8)) as? [String: Any])
    let total = try #require(document["total"] as? [String: Any])
    expectEqual(total["costedValue"] as? Double, 56_000)
    expectEqual(total["cost"] as? Double, 45_000)
    expectEqual(total["unrealizedPnl"] as? Double, 11_000)
    let partly = try #require(total["partlyCosted"] as? [[String: Any]])
    expectEqual(partly.count, 1)
    expectEqual(partly.first?["id"] as? String, "bitcoin")
    expectEqual(partly.first?["uncostedAmount"] as? Double, 1)
  }
}
