import Foundation
import Testing

/// `coins search`, `coins info` and `coins global` through the built binary and a loopback fake.
@Suite(.spawnsProcesses) struct DiscoveryEndToEndTests {
  @Test func searchListsSharedSymbolsAsSeparateRowsBestRankFirst() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["search", "btc"])

    expectEqual(result.status, 0)
    #expect(
      result.stdoutLines == [
        "  #  Symbol  Name               Id (for --id)",
        "  1  BTC     Bitcoin            bitcoin",
        " 35  WBTC    Wrapped Bitcoin    wrapped-bitcoin",
        "640  BTC     Bitcoin (Bridged)  bitcoin-bridged",
        "  —  BTC     Bitcoin on Base    bitcoin-on-base",
        "",
      ])
    let query = try await fake.requests().first { $0.path.hasSuffix("/search") }?.query
    expectEqual(query?["query"], "btc")
  }

  @Test func searchOfflineSearchesTheSampleAndSaysSo() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["search", "bitcoin", "--json"])

    expectEqual(result.status, 0)
    #expect(result.stdout.hasPrefix("{\"source\":\"sample\""))
    #expect(result.stdout.contains("\"id\":\"bitcoin\""))
    #expect(
      result.stderr
        == "Warning: Cannot reach 127.0.0.1 (connection refused). Searching the bundled SAMPLE "
        + "data instead.\n")
  }

  @Test func infoShowsTheCoinInDetailWithAMultiLineChart() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["info", "sol"], extraEnvironment: ["COLUMNS": "100"])

    expectEqual(result.status, 0)
    let lines = result.stdoutLines
    #expect(lines[0].hasPrefix("Solana (SOL) · rank #5 · id solana · live, "))
    #expect(lines[2].hasPrefix("Price          $150.00   1h "))
    #expect(lines.contains { $0.hasPrefix("Market cap     $") && $0.hasSuffix("(rank #5)") })
    #expect(lines.contains { $0.hasPrefix("All-time high  $") && $0.contains(" on ") })
    let chartStart = try #require(lines.firstIndex(of: "7-day price, hourly"))
    let chart = Array(lines[(chartStart + 1)...].prefix(10))
    expectEqual(chart.count, 10)
    #expect(chart[0].contains("┤"))
    #expect(chart[7].contains("┤"))
    #expect(chart[8].contains("└───"))
    #expect(chart.allSatisfy { DisplayCells.count($0) <= 100 })
  }

  @Test func infoByIdFarOutsideTheTop250UsesOneIdsRequest() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["info", "--id", "deep-value", "--json"])

    expectEqual(result.status, 0)
    let document = try JSONDecoder().decode(InfoDocument.self, from: Data(result.stdout.utf8))
    expectEqual(document.source, "live")
    expectEqual(document.coin.id, "deep-value")
    expectEqual(document.coin.rank, 777)
    expectEqual(document.coin.price, 2.5)
    expectEqual(document.coin.sparkline.count, 168)
  }

  @Test func unknownCoinGetsSuggestions() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["info", "solanna"])

    expectEqual(result.status, 1)
    #expect(
      result.stderr.hasPrefix(
        "Error: Unknown coin 'solanna'. Did you mean: sol (Solana, id solana)"))
  }

  @Test func globalShowsTotalsDominanceAndActiveCoins() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let text = try await coins.run(["global"])
    let json = try await coins.run(["global", "--currency", "eur", "--json"])

    expectEqual(text.status, 0)
    #expect(text.stdoutLines[0].hasPrefix("Global crypto market in USD · live, "))
    #expect(text.stdoutLines.contains("Active coins   1,200"))
    #expect(text.stdoutLines.contains { $0.hasPrefix("BTC dominance  ") && $0.hasSuffix("%") })
    let document = try JSONDecoder().decode(GlobalDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.currency, "eur")
    expectEqual(document.activeCoins, 1200)
    #expect((document.totalMarketCap ?? 0) > 0)

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let offline = try await coins.run(["global", "--json", "--max-age", "0"])
    expectEqual(offline.status, 0)
    #expect(offline.stdout.hasPrefix("{\"source\":\"cache\""))
    #expect(offline.stderr.contains("Showing cached data from "))
    let live = try await coins.run(["global", "--live", "--max-age", "0"])
    expectEqual(live.status, 69)
  }
}

/// Terminal cells of a line, counting wide characters as two (enough for these tests).
enum DisplayCells {
  static func count(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ($1.properties.isEmojiPresentation ? 2 : 1) }
  }
}

/// The parts of `coins info --json` the tests read.
struct InfoDocument: Decodable {
  struct Coin: Decodable {
    var id: String
    var rank: Int?
    var price: Double?
    var sparkline: [Double?]
  }

  var source: String
  var coin: Coin
}

/// The parts of `coins global --json` the tests read.
struct GlobalDocument: Decodable {
  var source: String
  var currency: String
  var totalMarketCap: Double?
  var activeCoins: Int?
}
