import Foundation
import Testing

/// `coins portfolio chart` through the built binary, a portfolio file and the loopback fake.
@Suite(.spawnsProcesses) struct PortfolioChartEndToEndTests {
  /// A portfolio file in `coins`' home with these `(id, amount, date)` lots.
  private func portfolio(_ coins: CoinsBinary, _ lots: [(String, String, Date?)]) throws -> String {
    let holdings = lots.map { id, amount, date in
      let dated = date.map { ",\"date\":\"\(ISO8601DateFormatter().string(from: $0))\"" } ?? ""
      return "{\"id\":\"\(id)\",\"lots\":[{\"amount\":\"\(amount)\"\(dated)}]}"
    }
    let file = coins.home.path + "/portfolio.json"
    try Data("{\"version\":1,\"holdings\":[\(holdings.joined(separator: ","))]}".utf8)
      .write(to: URL(fileURLWithPath: file))
    return file
  }

  @Test func valueIsAmountHeldThenTimesPriceThen() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let bought = Date().addingTimeInterval(-10 * 86_400)
    let file = try portfolio(coins, [("bitcoin", "1", nil), ("ethereum", "2", bought)])

    let result = try await coins.run(
      ["portfolio", "chart", "--range", "30d", "--json", "--file", file])

    expectEqual(result.status, 0)
    let document = try ChartDocument.decode(result.stdout)
    let points = try #require(document.points)
    // Now: 1 × $50,000 + 2 × $3,000, the fake's current prices.
    expectEqual(points.last?[1], 56_000)
    let btc = try ChartDocument.decode(
      try await coins.run(["chart", "btc", "--range", "30d", "--json"]).stdout)
    let eth = try ChartDocument.decode(
      try await coins.run(["chart", "eth", "--range", "30d", "--json"]).stdout)
    let btcPrices = Set((btc.points ?? []).map { $0[1] })
    let ethPrices = (eth.points ?? []).map { $0[1] }
    let lotTime = bought.timeIntervalSince1970 * 1000
    // Before the lot's date the total is one of bitcoin's prices; after it, one of bitcoin's
    // plus twice one of ether's.
    let before = points.filter { $0[0] < lotTime }
    let after = points.filter { $0[0] >= lotTime }
    #expect(before.count > 400 && after.count > 200)
    expectEqual(points.first.map { btcPrices.contains($0[1]) }, true)
    #expect(before.allSatisfy { btcPrices.contains($0[1]) })
    // (Summed as the command sums: bitcoin's amount × price, then plus ether's.)
    let sortedBTC = btcPrices.sorted()
    func isSum(_ total: Double) -> Bool {
      ethPrices.contains { e in
        let wanted = total - 2 * e
        let index = sortedBTC.firstIndex { $0 >= wanted - 0.01 } ?? sortedBTC.count
        return sortedBTC[index...].prefix { $0 <= wanted + 0.01 }.contains {
          1 * $0 + 2 * e == total
        }
      }
    }
    #expect(after.allSatisfy { isSum($0[1]) })
    #expect(document.coin == nil && document.range == "30d")
    expectEqual(result.stderr, "")
  }

  @Test func aCoinWithoutHistoryIsNamedAndTheChartPartial() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = try portfolio(coins, [("bitcoin", "0.5", nil), ("no-such-coin", "3", nil)])

    let text = try await coins.run(["portfolio", "chart", "--file", file])
    expectEqual(text.status, 0)
    #expect(
      text.stdoutLines.first?.hasPrefix(
        "Portfolio value · 7d in USD · PARTIAL: 1 of 2 coins missing · live, ") == true)
    #expect(
      text.stderr
        == "Warning: No price history for no-such-coin (CoinGecko answered HTTP 404: coin not "
        + "found): left out, so the chart is partial.\n")
    #expect(text.stdoutLines.contains { $0.hasPrefix("Start $") && $0.contains("Now $25,000.00") })

    let json = try await coins.run(["portfolio", "chart", "--file", file, "--json"])
    let document = try ChartDocument.decode(json.stdout)
    expectEqual(document.partial, true)
    expectEqual(document.missing, ["no-such-coin"])
  }

  @Test func withoutAKeyManyHistoriesAreAnnouncedAndFetchedOneByOne() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let ids = ["bitcoin", "ethereum", "solana", "ripple", "cardano", "dogecoin"]
    let file = try portfolio(coins, ids.map { ($0, "1", nil) })

    let result = try await coins.run(["portfolio", "chart", "--file", file, "--range", "14d"])

    expectEqual(result.status, 0)
    #expect(
      result.stderr.hasPrefix(
        "Note: 6 price histories are needed; without an API key CoinGecko allows only a few "
          + "calls a minute, so they are fetched one at a time"))
    let asked = try await fake.requests().filter { $0.path.hasSuffix("/market_chart") }
    expectEqual(Set(asked.map(\.path)), Set(ids.map { "/api/v3/coins/\($0)/market_chart" }))
    // Cached now: a second run asks nothing and says nothing.
    let again = try await coins.run(["portfolio", "chart", "--file", file, "--range", "14d"])
    expectEqual(again.stderr, "")
    try await expectEqual(fake.requests().filter { $0.path.hasSuffix("/market_chart") }.count, 6)
  }

  @Test func atTheDeadlineWhatArrivedIsDrawn() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = try portfolio(coins, [("bitcoin", "1", nil), ("ethereum", "1", nil)])
    _ = try await coins.run(["chart", "btc", "--range", "30d"])  // bitcoin's history, cached
    try await fake.setMode("hang")  // ethereum's never comes

    let result = try await coins.run(
      ["portfolio", "chart", "--file", file, "--range", "30d", "--timeout", "1"])

    expectEqual(result.status, 0)
    expectEqual(result.stdoutLines.first?.contains("PARTIAL: 1 of 2 coins missing"), true)
    #expect(
      result.stderr
        == "Warning: No price history for ethereum (CoinGecko did not answer within 1 s): left "
        + "out, so the chart is partial.\n")
  }

  @Test func anEmptyPortfolioSaysHowToAddACoin() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = try portfolio(coins, [])

    let result = try await coins.run(["portfolio", "chart", "--file", file])

    expectEqual(result.status, 0)
    #expect(
      result.stdout
        == "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n")
  }
}
