import Foundation
import Testing

/// A pair an exchange does not list (Coinbase's 404) is remembered in the price cache for a
/// day, so a warm chart does not ask for it again (issue 44's economy).
@Suite(.spawnsProcesses) struct UnlistedPairEndToEndTests {
  /// 1 BTC bought 400 days ago, `--range 3y`, Coinbase not listing BTC: the days before
  /// CoinGecko's free year are asked of Coinbase (a 404) and then of Binance (BTCUSDT). The
  /// second chart asks Coinbase nothing, nor Binance: both answers are kept.
  @Test func aWarmChartDoesNotAskCoinbaseAgainForAPairItDoesNotList() async throws {
    let sources = try await PricesEndToEndTests.Sources.start(coinbaseParams: ["unlisted": "BTC"])
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

    let first = try await coins.run(["portfolio", "chart", "--range", "3y", "--json"])
    let askedOfCoinbase = try await sources.coinbase.requests()
    let askedOfBinance = try await sources.binance.requests().count
    let second = try await coins.run(["portfolio", "chart", "--range", "3y", "--json"])

    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("binance (BTCUSDT)"))
    expectEqual(askedOfCoinbase.count, 1)
    expectEqual(askedOfCoinbase.first?.path, "/products/BTC-USD/candles")
    #expect(second.status == 0, "\(second.stderr)")
    // The same chart (the stamp of when it was drawn aside).
    expectEqual(Self.drawn(second.stdout), Self.drawn(first.stdout))
    try await expectEqual(sources.coinbase.requests().count, 1)
    try await expectEqual(sources.binance.requests().count, askedOfBinance)
    let cache = try FileManager.default.contentsOfDirectory(
      atPath: coins.home.path + "/cache/coins/daily-prices")
    #expect(cache.contains("coinbase-bitcoin-BTC-USD-unlisted.json"))
  }

  /// The chart's JSON from its sources on: what was drawn, not when.
  static func drawn(_ json: String) -> Substring {
    json.range(of: #""sources""#).map { json[$0.lowerBound...] } ?? ""
  }
}
