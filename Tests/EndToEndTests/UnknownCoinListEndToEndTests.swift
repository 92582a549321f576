import Foundation
import Testing

/// A list of coins with one no one knows: `top --coins` and `watch` show what they can and name
/// the rest, as `price` does; only a list of unknowns alone is refused.
@Suite(.spawnsProcesses) struct UnknownCoinListEndToEndTests {
  private static let solanna =
    "Error: Unknown coin 'solanna'. Did you mean: sol (Solana, id solana)?\n"

  @Test func topShowsTheCoinsItKnowsNamesTheOtherAndExitsOne() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let top = try await coins.run(["top", "--coins", "btc,solanna,eth"])
    expectEqual(top.status, 1)
    let rows = top.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ")[1] }
    #expect(rows == ["BTC", "ETH"], "\(top.stdout)")
    expectEqual(top.stderr, Self.solanna)
    let price = try await coins.run(["price", "btc", "solanna", "eth"])
    expectEqual(price.status, top.status)
    expectEqual(price.stderr, top.stderr)

    let none = try await coins.run(["top", "--coins", "solanna"])
    expectEqual(none.status, 1)
    #expect(none.stdout.isEmpty)
    expectEqual(none.stderr, Self.solanna)
  }

  @Test func watchStartsWithTheCoinsItKnowsAndNamesTheOther() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "btc", "solanna", "--json", "--interval", "60"])
    _ = try await watch.wait { !watch.lines.isEmpty }
    _ = await watch.stop(with: SIGTERM)
    let line = try #require(watch.lines.first)
    #expect(line.contains("\"id\":\"bitcoin\""))
    #expect(!line.contains("\"id\":\"solana\""))
    #expect(
      watch.stderr.contains(
        "Warning: Not watched: Unknown coin 'solanna'. Did you mean: sol (Solana, id solana)?\n"))

    let none = try await coins.run(["watch", "solanna", "--json"])
    expectEqual(none.status, 1)
    expectEqual(none.stderr, Self.solanna)
  }
}
