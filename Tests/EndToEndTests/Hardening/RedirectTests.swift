import Foundation
import Testing

/// The API key travels in a header, and libcurl sends custom headers to wherever a redirect
/// points: so `coins` follows no redirect, and says which status it got instead.
@Suite(.spawnsProcesses) struct HardeningRedirectTests {
  @Test func aRedirectIsNotFollowedAndTheKeyGoesNowhereElse() async throws {
    let redirecting = try await FakeCoinGecko.start()
    defer { redirecting.stop() }
    let elsewhere = try await FakeCoinGecko.start()
    defer { elsewhere.stop() }
    #expect(redirecting.port != elsewhere.port)
    try await redirecting.setMode("redirect", params: ["to": elsewhere.baseURL])
    let coins = try CoinsBinary(baseURL: redirecting.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(
      ["top", "3", "--live", "--max-age", "0"],
      extraEnvironment: ["COINGECKO_DEMO_API_KEY": "CG-redirect-secret"])

    #expect(result.status == 1, "\(result.stderr)")
    expectEqual(result.stdout, "")
    #expect(result.stderr.hasPrefix("Error: CoinGecko answered HTTP 302"), "\(result.stderr)")
    try await expectEqual(redirecting.marketRequests().count, 1)
    #expect(try await elsewhere.requests().isEmpty)
  }
}
