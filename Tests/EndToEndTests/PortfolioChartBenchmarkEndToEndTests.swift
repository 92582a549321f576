import Foundation
import Testing

/// `coins portfolio chart` drawn from daily values through the price chain (as `portfolio
/// performance` values them) through the built binary: beside a benchmark, and over years
/// that CoinGecko's free plan does not reach, against the loopback fakes.
@Suite(.spawnsProcesses) struct PortfolioChartBenchmarkEndToEndTests {
  /// Your prices only: ETH flat at 10; BTC 100 on 1 and 2 March 2021, 150 on 3 March, 200 on
  /// 4 March. One deposit: 1 ETH bought for 10 on 2 March.
  static let prices = """
    date,coin,price,currency
    2021-03-01,btc,100,usd
    2021-03-02,btc,100,usd
    2021-03-03,btc,150,usd
    2021-03-04,btc,200,usd
    2021-03-01,eth,10,usd
    2021-03-02,eth,10,usd
    2021-03-03,eth,10,usd
    2021-03-04,eth,10,usd

    """

  static func deposit() async throws -> PricesEndToEndTests.Sources {
    let sources = try await PricesEndToEndTests.Sources.start()
    let coins = sources.coins
    let file = coins.home.path + "/my-prices.csv"
    try prices.write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    for words in [
      ["prices", "import", file],
      ["portfolio", "add", "eth", "1", "--cost", "10", "--date", "2021-03-02"],
    ] {
      let result = try await coins.run(words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    return sources
  }

  /// 2 and 3 March: the start (the end of 1 March) is 0, nothing held; the deposit of 10 buys
  /// 1 ETH, worth 10 at the end of each day. In BTC the same 10 buys 10 / 100 = 0.1 BTC at
  /// 2 March's open, worth 0.1 × 150 = 15 at 3 March's open and 0.1 × 200 = 20 — twice the
  /// deposit, as BTC doubled — at 4 March's. Points at 00:00 UTC of 2, 3 and 4 March.
  @Test func oneDepositThenTheBenchmarkDoubling() async throws {
    let sources = try await Self.deposit()
    defer { sources.stop() }
    let range = [
      "portfolio", "chart", "--from", "2021-03-02", "--to", "2021-03-04", "--benchmark", "btc",
    ]

    let json = try await sources.coins.run(range + ["--json"])
    let csv = try await sources.coins.run(range + ["--csv"])
    let text = try await sources.coins.run(range + ["--ascii", "--height", "6"])

    #expect(json.status == 0, "\(json.stderr)")
    expectEqual(json.stderr, "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let march2 = 1_614_643_200_000.0
    let day = 86_400_000.0
    #expect(
      (object["points"] as? [[Double]])
        == [[march2, 0], [march2 + day, 10], [march2 + 2 * day, 10]])
    let benchmark = try #require(object["benchmark"] as? [String: Any])
    expectEqual(benchmark["coin"] as? String, "bitcoin")
    expectEqual(benchmark["symbol"] as? String, "BTC")
    #expect(
      (benchmark["points"] as? [[Double]])
        == [[march2, 0], [march2 + day, 15], [march2 + 2 * day, 20]])
    let used = try #require(object["sources"] as? [[String: String]])
    #expect(
      used == [
        ["source": "yours (btc USD)", "from": "2021-03-02", "to": "2021-03-04"],
        ["source": "yours (eth USD)", "from": "2021-03-02", "to": "2021-03-04"],
      ])

    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(
      csv.stdout == """
        time,price,benchmark
        2021-03-02T00:00:00.000Z,0,0
        2021-03-03T00:00:00.000Z,10,15
        2021-03-04T00:00:00.000Z,10,20

        """)

    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdoutLines
    expectEqual(lines.first?.hasPrefix("Portfolio value - 2021-03-02..2021-03-04 in USD - "), true)
    expectEqual(lines.dropFirst().first, "Lines: -/\\ portfolio value, . BTC (the same flows)")
    // $0 to $20 on 6 rows: the benchmark's last point alone is on the top row, dotted.
    let top = try #require(lines.first { $0.hasPrefix("$20 +") })
    #expect(top.hasSuffix(".") && !top.contains("-"))
    #expect(lines.contains("BTC (the same flows): $0.00 to $20.00"))
    #expect(
      lines.contains(
        "Prices: yours (btc USD) 2021-03-02 to 2021-03-04; yours (eth USD) 2021-03-02 to "
          + "2021-03-04."))
  }

  /// 1 BTC bought 1,000 days ago (its cost the chain's price that day): `--range 3y` is the
  /// 1,095 days up to yesterday, one point at the start and one per day. Nothing is held
  /// before the buy, so every point up to 00:00 UTC of its day is 0; the first after it is
  /// the day's end value, 1 × the next day's open as `coins price --date` gives it, which
  /// only Coinbase reaches (CoinGecko's free year is later), and the line under the chart
  /// says so.
  @Test func aThreeYearOldBuyIsDrawnFromItsFirstDay() async throws {
    let sources = try await PricesEndToEndTests.Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[network]\ncoingecko_rate = 600\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    let today = Int(Date().timeIntervalSince1970 / 86_400)
    func text(_ day: Int) -> String {
      String(
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
          .prefix(10))
    }
    let bought = today - 1000
    let added = try await coins.run(["portfolio", "add", "btc", "1", "--date", text(bought)])
    #expect(added.status == 0, "\(added.stderr)")
    let price = try await coins.run(["price", "btc", "--date", text(bought + 1), "--json"])
    let priceObject = try JSONSerialization.jsonObject(with: Data(price.stdout.utf8))
    let open = try #require((priceObject as? [String: Any])?["price"] as? Double)
    expectEqual((priceObject as? [String: Any])?["source"] as? String, "coinbase")

    let json = try await coins.run(["portfolio", "chart", "--range", "3y", "--json"])

    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    expectEqual(object["range"] as? String, "3y")
    let points = try #require(object["points"] as? [[Double]])
    let first = today - 1095
    expectEqual(points.count, 1096)
    expectEqual(points.first?[0], Double(first) * 86_400_000)
    let boughtAt = Double(bought) * 86_400_000
    #expect(points.filter { $0[0] <= boughtAt }.allSatisfy { $0[1] == 0 })
    expectEqual(points.first { $0[0] > boughtAt }, [boughtAt + 86_400_000, open])
    let used = try #require(object["sources"] as? [[String: String]])
    // Priced from the buy's day on: nothing before it is valued.
    #expect(
      used.first == [
        "source": "coinbase (BTC-USD)", "from": text(bought), "to": used.first?["to"] ?? "",
      ])
    #expect(used.contains { $0["source"] == "coingecko (bitcoin)" && $0["to"] == text(today) })
  }

  /// A coin is asked for from its first transaction on, not from the range's first day: 1 BTC
  /// bought 400 days ago, `--range 3y`. CoinGecko's free year covers the last 365 days, so
  /// Coinbase is asked for the days from 7 before the buy (the carry-forward's reach) to the
  /// day before that year, today − 407 to today − 366: 42 days, one request of up to 300.
  /// From the range's first day (today − 1,095, less 7) it would be 737 days, three requests.
  /// A second chart asks nothing.
  @Test func aCoinIsAskedForFromItsFirstTransactionOnlyAndOnce() async throws {
    let sources = try await PricesEndToEndTests.Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[network]\ncoingecko_rate = 600\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    let today = Int(Date().timeIntervalSince1970 / 86_400)
    let bought = Date(timeIntervalSince1970: Double(today - 400) * 86_400)
    let added = try await coins.run([
      "portfolio", "add", "btc", "1", "--cost", "30000", "--date",
      String(ISO8601DateFormatter().string(from: bought).prefix(10)),
    ])
    #expect(added.status == 0, "\(added.stderr)")

    let json = try await coins.run(["portfolio", "chart", "--range", "3y", "--json"])

    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    expectEqual((object["points"] as? [[Double]])?.count, 1096)
    let daily = try await sources.coinbase.requests().filter {
      $0.query["granularity"] == "86400"
    }
    expectEqual(daily.count, 1)
    // Drawn again, it asks nothing: the closed days and today's open (known since 00:00 UTC)
    // are kept.
    let askedOfCoinGecko = try await sources.coinGecko.requests().count
    let askedOfCoinbase = try await sources.coinbase.requests().count
    let again = try await coins.run(["portfolio", "chart", "--range", "3y", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    try await expectEqual(sources.coinGecko.requests().count, askedOfCoinGecko)
    try await expectEqual(sources.coinbase.requests().count, askedOfCoinbase)
  }

  @Test func performancePrintsItsIndicesInASCII() async throws {
    let sources = try await Self.deposit()
    defer { sources.stop() }

    // 2–3 March: the portfolio's index 1 before the first day, then 1, 1 (flat at 10); BTC's
    // 1, 1.5 (15 on the 10 put in), 2 (20 on 15). On one scale from 1 to 2 in the 8 levels
    // `_.-~=+*^`: (1.5 − 1) / (2 − 1) × 7 = 3.5, rounded to level 4, `=`.
    let result = try await sources.coins.run([
      "portfolio", "performance", "--from", "2021-03-02", "--to", "2021-03-03", "--ascii",
    ])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.contains("Portfolio  ___  1.00 to 1.00"))
    #expect(result.stdoutLines.contains("BTC        _=^  1.00 to 2.00"))
    #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII })
  }
}
