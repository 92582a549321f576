import Foundation
import Testing

/// `coins top --coins` and `--favorites`: exactly the coins named or marked.
@Suite(.spawnsProcesses) struct TopListEndToEndTests {
  @Test func coinsAndFavoritesListExactlyThoseCoins() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let listed = try await coins.run(["top", "--coins", "sol, btc", "--max-age", "0", "--csv"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let ids = listed.stdoutLines.dropFirst().compactMap {
      $0.split(separator: ",").dropFirst().first
    }
    expectEqual(ids, ["bitcoin", "solana"])  // in market-cap order
    let last = try #require(try await fake.marketRequests().last)
    expectEqual(last.query["ids"], "solana,bitcoin")

    let none = try await coins.run(["top", "--favorites"])
    expectEqual(none.status, 1)
    #expect(
      none.stderr == "Error: There are no favourites yet: mark one with f in `coins watch`.\n")
    let folder = coins.home.path + "/data/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(#"{"version":1,"favorites":["ethereum"]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/favorites.json"))
    let favourites = try await coins.run(["top", "--favorites"])
    expectEqual(favourites.stdoutLines.first?.hasPrefix("Favourites by market cap in USD · "), true)
    #expect(
      favourites.stdoutLines.filter { $0.contains("$") && !$0.hasPrefix("Favourites") }.count == 1)

    let both = try await coins.run(["top", "5", "--coins", "btc"])
    expectEqual(both.status, 64)
  }
}
