import Foundation
import Testing

/// `watch --portfolio` shows a partly costed holding as `value` does, and a watch started with
/// a fresh cache shows it labelled as cached until CoinGecko answers (issue 42), through the
/// built binary against the loopback fake (bitcoin at $50,000, ethereum at $3,000).
@Suite(.spawnsProcesses) struct WatchPortfolioEndToEndTests {
  /// 1 BTC bought at $40,000, 1 BTC deposited at an unknown cost, 2 ETH bought at $2,500.
  static let file = """
    {"version": 3, "holdings": [
    {"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "40000", "date": "2026-01-01T00:00:00.000Z"},
    {"id": "2", "type": "in", "amount": "1", "date": "2026-01-02T00:00:00.000Z", "costUnknown": true}]},
    {"id": "ethereum", "transactions": [
    {"id": "3", "type": "buy", "amount": "2", "price": "2500", "date": "2026-01-03T00:00:00.000Z"}]}]}

    """

  /// The `source` member of a JSON line.
  static func source(_ line: String) -> String? {
    line.firstMatch(of: /^\{"source":"([a-z]+)"/).map { String($0.output.1) }
  }

  @Test func aPartlyCostedHoldingSaysSoInThePlainFrameAndTheJSONLine() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    // Wide enough for the Costed and Note columns, which give way first.
    coins.environment["COLUMNS"] = "200"
    let path = coins.home.path + "/partial.json"
    try Self.file.write(toFile: path, atomically: true, encoding: .utf8)

    let plain = try RunningCoins(
      binary: coins, arguments: ["watch", "--portfolio", "--interval", "60", "--file", path])
    let drew = try await plain.wait { plain.lines.contains { $0.hasPrefix("7d:") } }
    _ = await plain.stop(with: SIGTERM)
    #expect(drew, "\(plain.stdout)\(plain.stderr)")
    // BTC: 2 × 50,000 = 100,000; the costed coin 50,000 on 40,000: +10,000 (+25.00%).
    // Total: 106,000; costed 50,000 + 6,000 = 56,000 on 45,000: +11,000 (+24.44%).
    let btc = try #require(plain.lines.first { $0.hasPrefix("BTC") })
    #expect(
      btc.hasSuffix("$50,000.00  $40,000.00  +$10,000.00  +25.00%  cost known for 1 of 2"),
      "\(btc)")
    let total = try #require(plain.lines.first { $0.hasPrefix("Total") })
    #expect(
      total.hasSuffix("$56,000.00  $45,000.00  +$11,000.00  +24.44%  cost known for 1 of 2 BTC"),
      "\(total)")

    let json = try RunningCoins(
      binary: coins,
      arguments: ["watch", "--portfolio", "--json", "--interval", "60", "--file", path])
    let got = try await json.wait { !json.lines.isEmpty }
    _ = await json.stop(with: SIGTERM)
    #expect(got)
    let line = try #require(json.lines.first)
    #expect(line.contains(#""cost":45000,"pnl":11000,"#), "\(line)")
    #expect(line.contains(#""costedValue":56000,"holdings""#), "\(line)")
    #expect(
      line.contains(
        #""cost":40000,"pnl":10000,"pnlPercent":25,"unrealizedPnl":10000,"realizedPnl":0,"#
          + #""fees":0,"costedAmount":1,"uncostedAmount":1,"costedValue":50000}"#), "\(line)")
  }

  @Test func aFreshCacheIsShownAsCachedUntilCoinGeckoAnswers() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let arguments = ["watch", "--top", "1", "--interval", "1", "--timeout", "30", "--json"]
    // A first watch caches the market (seconds old, well within its reuse age).
    let first = try RunningCoins(binary: coins, arguments: arguments)
    let cached = try await first.wait { first.lines.contains { Self.source($0) == "live" } }
    _ = await first.stop(with: SIGTERM)
    #expect(cached)

    // CoinGecko now hangs: the next watch's first line is that cache, said to be cached.
    try await fake.setMode("hang")
    let second = try RunningCoins(binary: coins, arguments: arguments)
    let got = try await second.wait { !second.lines.isEmpty }
    _ = await second.stop(with: SIGTERM)
    #expect(got)
    let line = try #require(second.lines.first)
    #expect(Self.source(line) == "cache", "\(line)")
    #expect(line.contains(#""staleReason":"CoinGecko has not answered yet; showing the cached "#))
  }

  /// 1 BTC bought at $40,000; 2 ETH bought at $2,500 and sold at $3,000 (at zero now).
  static let soldOut = """
    {"version": 3, "holdings": [
    {"id": "bitcoin", "transactions": [
    {"id": "1", "type": "buy", "amount": "1", "price": "40000", "date": "2026-01-01T00:00:00.000Z"}]},
    {"id": "ethereum", "transactions": [
    {"id": "2", "type": "buy", "amount": "2", "price": "2500", "date": "2026-01-02T00:00:00.000Z"},
    {"id": "3", "type": "sell", "amount": "2", "price": "3000", "date": "2026-01-03T00:00:00.000Z"}]}]}

    """

  /// The first plain frame (or JSON line) of `watch` with these arguments.
  static func firstOutput(_ coins: CoinsBinary, _ arguments: [String], json: Bool) async throws
    -> [String]
  {
    let running = try RunningCoins(binary: coins, arguments: arguments)
    let drew = try await running.wait {
      json ? !running.lines.isEmpty : running.lines.contains { $0.hasPrefix("7d:") }
    }
    _ = await running.stop(with: SIGTERM)
    #expect(drew, "\(arguments): \(running.stdout)\(running.stderr)")
    return running.lines
  }

  @Test func aHoldingAtZeroIsHiddenUnlessAllIsGiven() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["COLUMNS"] = "200"
    let path = coins.home.path + "/sold-out.json"
    try Self.soldOut.write(toFile: path, atomically: true, encoding: .utf8)
    let watch = ["watch", "--portfolio", "--interval", "60", "--file", path]

    let plain = try await Self.firstOutput(coins, watch, json: false)
    let plainAll = try await Self.firstOutput(coins, watch + ["--all"], json: false)
    let json = try await Self.firstOutput(coins, watch + ["--json"], json: true)
    let jsonAll = try await Self.firstOutput(coins, watch + ["--json", "--all"], json: true)
    let refused = try await coins.run(["watch", "--all"])

    // BTC: 1 × $50,000 on a cost of $40,000. ETH sold out: 2 × ($3,000 − $2,500) = +$1,000
    // realized, counted in the summary with or without its row.
    #expect(plain.contains { $0.hasPrefix("BTC ") })
    #expect(!plain.contains { $0.hasPrefix("ETH ") }, "\(plain)")
    #expect(plain.contains { $0.contains("Realized: +$1,000.00") }, "\(plain)")
    let eth = try #require(plainAll.first { $0.hasPrefix("ETH ") }, "\(plainAll)")
    // 0 × $3,000 = $0.00.
    #expect(
      eth.split(separator: " ").prefix(5) == ["ETH", "Ethereum", "0", "$3,000.00", "$0.00"],
      "\(eth)")
    #expect(plainAll.contains { $0.contains("Realized: +$1,000.00") })
    let line = try #require(json.first)
    #expect(line.contains(#""id":"bitcoin""#), "\(line)")
    #expect(!line.contains(#""id":"ethereum""#), "\(line)")
    #expect(line.contains(#""realizedPnl":1000"#), "\(line)")
    #expect(try #require(jsonAll.first).contains(#""id":"ethereum""#))
    expectEqual(refused.status, 64)
    #expect(refused.stderr.hasPrefix("Error: '--all' goes with '--portfolio'.\n"))
    #expect(refused.stdout.isEmpty)
  }

  /// 2 ETH bought at $2,500 and sold at $3,000: the one holding is at zero. The watch says
  /// so and that `--all` shows it, not that the portfolio is empty; with `--all` its row.
  @Test func everyHoldingAtZeroSaysAllShowsThemNotThatThePortfolioIsEmpty() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["COLUMNS"] = "200"
    let path = coins.home.path + "/all-sold.json"
    try """
    {"version": 3, "holdings": [
    {"id": "ethereum", "transactions": [
    {"id": "1", "type": "buy", "amount": "2", "price": "2500", "date": "2026-01-02T00:00:00.000Z"},
    {"id": "2", "type": "sell", "amount": "2", "price": "3000", "date": "2026-01-03T00:00:00.000Z"}]}]}

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let watch = ["watch", "--portfolio", "--interval", "60", "--file", path]
    let message = "Every holding is at zero (held no more), hidden by default: --all shows them."

    let plain = try RunningCoins(binary: coins, arguments: watch)
    let said = try await plain.wait { plain.lines.contains(message) }
    _ = await plain.stop(with: SIGTERM)
    let plainAll = try await Self.firstOutput(coins, watch + ["--all"], json: false)

    #expect(said, "\(plain.stdout)\(plain.stderr)")
    #expect(!plain.stdout.contains("The portfolio is empty"), "\(plain.stdout)")
    #expect(!plain.stdout.contains("coins portfolio add"), "\(plain.stdout)")
    // 0 × $3,000 = $0.00.
    let eth = try #require(plainAll.first { $0.hasPrefix("ETH ") }, "\(plainAll)")
    #expect(
      eth.split(separator: " ").prefix(5) == ["ETH", "Ethereum", "0", "$3,000.00", "$0.00"],
      "\(eth)")
    #expect(!plainAll.contains(message))
  }
}
