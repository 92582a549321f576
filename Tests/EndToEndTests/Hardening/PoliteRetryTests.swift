import Foundation
import Testing

/// Retries stay polite: a 429 in any of CoinGecko's header styles, or a 500, is retried a few
/// times with backoff, never hammered.
@Suite(.spawnsProcesses) struct HardeningPoliteRetryTests {
  static let styles = ["seconds", "http-date", "reset-only"]

  @Test(arguments: styles)
  func topRetriesA429AFewTimesAfterTheServersDelay(style: String) async throws {
    let fake = try await FakeCoinGecko.start(
      mode: "429", params: ["retry_after": "1", "style": style])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--json", "--timeout", "2"], timeout: 60)

    expectEqual(result.status, 0)
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "sample")
    // The reason is the rate limit, or a timeout when the last try had little time left.
    #expect(result.stderr.hasPrefix("Warning: CoinGecko"), "\(result.stderr)")
    let requests = try await HardeningRequestLog.marketRequests(port: fake.port)
    #expect((2...4).contains(requests.count), "\(requests.count) requests")
    let gaps = HardeningRequestLog.gaps(requests)
    #expect(gaps.allSatisfy { $0 >= 0.8 }, "gaps \(gaps) shorter than Retry-After")
  }

  @Test(arguments: styles)
  func portfolioValueRetriesA429AFewTimesAfterTheServersDelay(style: String) async throws {
    let fake = try await FakeCoinGecko.start(
      mode: "429", params: ["retry_after": "1", "style": style])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    try HardeningPortfolio.write(HardeningPortfolio.threeCoins, for: coins)

    let result = try await coins.run(
      ["portfolio", "value", "--json", "--timeout", "2"], timeout: 60)

    expectEqual(result.status, 0)
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "sample")
    let requests = try await HardeningRequestLog.marketRequests(port: fake.port)
    #expect((2...4).contains(requests.count), "\(requests.count) requests")
    let gaps = HardeningRequestLog.gaps(requests)
    #expect(gaps.allSatisfy { $0 >= 0.8 }, "gaps \(gaps) shorter than Retry-After")
  }

  @Test(arguments: styles)
  func watchUnderA429BacksOffInsteadOfHammering(style: String) async throws {
    let fake = try await FakeCoinGecko.start(
      mode: "429", params: ["retry_after": "1", "style": style])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let watch = try RunningCoins(
      binary: coins,
      arguments: ["watch", "--json", "--interval", "1", "--top", "3", "--timeout", "2"])
    let start = Date()
    _ = try await watch.wait(upTo: 8) { false }
    let stopped = await watch.stop(with: SIGTERM)
    let window = Date().timeIntervalSince(start)

    expectEqual(stopped?.status, 0)
    #expect(watch.lines.allSatisfy { HardeningOutput.source(ofJSONLine: $0) == "sample" })
    #expect(!watch.lines.isEmpty)
    let requests = try await HardeningRequestLog.marketRequests(port: fake.port)
    // Retry-After is 1 s: at most one request a second, plus the first.
    #expect(requests.count <= Int(window) + 1, "\(requests.count) requests in \(window) s")
    let gaps = HardeningRequestLog.gaps(requests)
    #expect(gaps.allSatisfy { $0 >= 0.8 }, "gaps \(gaps) shorter than Retry-After")
  }

  @Test func serverErrorsAreRetriedWithBackoffNotInALoop() async throws {
    let fake = try await FakeCoinGecko.start(mode: "500")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--json", "--timeout", "2"], timeout: 60)

    expectEqual(result.status, 0)
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "sample")
    let requests = try await HardeningRequestLog.marketRequests(port: fake.port)
    #expect((2...4).contains(requests.count), "\(requests.count) requests")
    let gaps = HardeningRequestLog.gaps(requests)
    #expect(gaps.allSatisfy { $0 >= 0.2 }, "gaps \(gaps): no backoff")  // base 0.5 s, half jitter
    #expect(gaps == gaps.sorted(), "gaps \(gaps) do not grow")
  }
}
