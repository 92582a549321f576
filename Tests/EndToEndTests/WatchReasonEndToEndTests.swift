import Foundation
import Testing

/// What the watch and the docs say about the state of things: a 429 named as a rate limit, and
/// the portfolio file's version as the code writes it.
@Suite(.spawnsProcesses) struct WatchReasonEndToEndTests {
  /// CoinGecko answers 429 after the first refresh: the stale lines say "Rate limited" first.
  @Test func a429IsCalledARateLimitInTheStaleReason() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let watch = try RunningCoins(
      binary: coins, arguments: ["watch", "--interval", "1", "--top", "2", "--json"])
    _ = try await watch.wait { watch.lines.contains { $0.contains("\"source\":\"live\"") } }
    try await fake.setMode("429", params: ["retry_after": "1"])
    let limited = try await watch.wait {
      watch.lines.contains {
        $0.contains("\"staleReason\":\"Rate limited by CoinGecko (HTTP 429): ")
      }
    }
    _ = await watch.stop(with: SIGTERM)
    #expect(limited, "\(watch.lines)")
  }

  /// CoinGecko hangs from the start and nothing is cached: the first interval still gets its
  /// line — the sample, labelled — long before the 30 s refresh gives up.
  @Test func aFirstRefreshThatHangsStillGivesTheFirstIntervalItsLine() async throws {
    let fake = try await FakeCoinGecko.start(mode: "hang")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let watch = try RunningCoins(
      binary: coins,
      arguments: ["watch", "--interval", "1", "--timeout", "30", "--top", "2", "--json"])
    _ = try await watch.wait { watch.lines.count >= 2 }
    _ = await watch.stop(with: SIGTERM)
    let first = try #require(watch.lines.first)
    #expect(first.contains("\"source\":\"sample\""), "\(first)")
    #expect(
      first.contains(
        "\"staleReason\":\"CoinGecko has not answered yet; showing the sample data bundled with "
          + "coins\""), "\(first)")
    // Not the refresh's own failure, which comes only after its 30 s.
    #expect(!watch.lines.prefix(2).contains { $0.contains("did not answer within") })
  }

  /// The version `coins` writes is the one docs/portfolio.md shows and names.
  @Test func theDocsSayTheVersionThePortfolioFileIsWrittenIn() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let added = try await coins.run(["portfolio", "add", "bitcoin", "1", "--cost", "100"])
    #expect(added.status == 0, "\(added.stderr)")
    let file = try String(
      contentsOfFile: coins.home.path + "/data/coins/portfolio.json", encoding: .utf8)
    let written = try #require(file.firstMatch(of: /"version": ?(\d+)/)?.output.1)
    let page = try MarkdownDocument.load("docs/portfolio.md").lines.joined(separator: "\n")
    #expect(page.contains("  \"version\": \(written),"))
    #expect(
      page.contains("Prints the portfolio as the JSON file `coins` writes (version \(written))"))
    #expect(!page.contains("\"version\": 2,"))
  }
}
