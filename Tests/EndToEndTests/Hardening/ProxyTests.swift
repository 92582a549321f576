import Foundation
import Testing

/// Proxies as every HTTP tool honors them: `HTTPS_PROXY` (or `https_proxy`) tunnels the HTTPS
/// requests through a CONNECT proxy, `NO_PROXY` names hosts reached directly.
@Suite(.spawnsProcesses) struct HardeningProxyTests {
  enum Setting: String, Sendable, CaseIterable {
    case upperCase = "HTTPS_PROXY"
    case lowerCase = "https_proxy"
    case bypassed = "HTTPS_PROXY with NO_PROXY=localhost"
  }

  @Test(
    .enabled(if: RequiredTool.isAvailable("/usr/bin/openssl"), "needs openssl"),
    arguments: Setting.allCases)
  func httpsGoesThroughTheProxyUnlessNoProxyNamesTheHost(_ setting: Setting) async throws {
    let pki = try await TestPKI.make()
    defer { pki.directory.remove() }
    let fake = try await FakeCoinGecko.startTLS(
      certificate: pki.certificate(.good), key: pki.key(.good))
    defer { fake.stop() }
    let proxy = try await ConnectProxy.start()
    defer { proxy.stop() }
    var coins = try CoinsBinary(baseURL: fake.tlsBaseURL)
    defer { coins.cleanUp() }
    coins.environment["SSL_CERT_FILE"] = pki.caFile
    switch setting {
    case .upperCase: coins.environment["HTTPS_PROXY"] = proxy.url
    case .lowerCase: coins.environment["https_proxy"] = proxy.url
    case .bypassed:
      coins.environment["HTTPS_PROXY"] = proxy.url
      coins.environment["NO_PROXY"] = "localhost"
    }

    let result = try await coins.run(
      ["top", "5", "--json", "--live", "--max-age", "0", "--timeout", "10"])

    #expect(result.status == 0, "\(result.stderr)")
    expectEqual(HardeningOutput.source(ofJSONLine: result.stdout), "live")
    let expected = setting == .bypassed ? [] : ["CONNECT localhost:\(fake.port)"]
    expectEqual(proxy.connections, expected)
  }
}
