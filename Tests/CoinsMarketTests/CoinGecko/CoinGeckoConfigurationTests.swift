import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct CoinGeckoConfigurationTests {
  private typealias Key = CoinGeckoConfiguration.APIKey

  @Test func noEnvironmentUsesThePublicHostWithoutKey() {
    let configuration = CoinGeckoConfiguration.fromEnvironment([:])
    expectEqual(configuration.baseURL, "https://api.coingecko.com/api/v3")
    #expect(configuration.apiKey == nil)
    expectEqual(configuration.host, "api.coingecko.com")
    expectEqual(configuration.requestTimeout, 10)
  }

  @Test func demoKeyUsesThePublicHostAndTheDemoHeader() {
    let configuration = CoinGeckoConfiguration.fromEnvironment(["COINGECKO_DEMO_API_KEY": "d-1"])
    expectEqual(configuration.baseURL, "https://api.coingecko.com/api/v3")
    expectEqual(configuration.apiKey, Key(header: "x-cg-demo-api-key", value: "d-1"))
  }

  @Test func proKeyUsesTheProHostAndTheProHeader() {
    let configuration = CoinGeckoConfiguration.fromEnvironment(["COINGECKO_PRO_API_KEY": "p-1"])
    expectEqual(configuration.baseURL, "https://pro-api.coingecko.com/api/v3")
    expectEqual(configuration.host, "pro-api.coingecko.com")
    expectEqual(configuration.apiKey, Key(header: "x-cg-pro-api-key", value: "p-1"))
  }

  @Test func proKeyWinsOverDemoKey() {
    let configuration = CoinGeckoConfiguration.fromEnvironment([
      "COINGECKO_PRO_API_KEY": "p-1", "COINGECKO_DEMO_API_KEY": "d-1",
    ])
    expectEqual(configuration.baseURL, "https://pro-api.coingecko.com/api/v3")
    expectEqual(configuration.apiKey, Key(header: "x-cg-pro-api-key", value: "p-1"))
  }

  @Test func baseURLWinsOverTheProHost() {
    let configuration = CoinGeckoConfiguration.fromEnvironment([
      "COINGECKO_PRO_API_KEY": "p-1", "COINGECKO_BASE_URL": "http://127.0.0.1:9000/api/v3/",
    ])
    expectEqual(configuration.baseURL, "http://127.0.0.1:9000/api/v3")
    expectEqual(configuration.host, "127.0.0.1")
    expectEqual(configuration.apiKey, Key(header: "x-cg-pro-api-key", value: "p-1"))
  }

  @Test func blankVariablesAreIgnored() {
    let configuration = CoinGeckoConfiguration.fromEnvironment([
      "COINGECKO_PRO_API_KEY": "  ", "COINGECKO_DEMO_API_KEY": " d-2 ", "COINGECKO_BASE_URL": "",
    ])
    expectEqual(configuration.baseURL, "https://api.coingecko.com/api/v3")
    expectEqual(configuration.apiKey, Key(header: "x-cg-demo-api-key", value: "d-2"))
  }

  @Test func timeoutIsPassedThrough() {
    expectEqual(
      CoinGeckoConfiguration.fromEnvironment([:], requestTimeout: 2.5).requestTimeout, 2.5)
  }

  @Test func userAgentNamesTheVersion() {
    expectEqual(CoinGeckoConfiguration().userAgent, "coins/" + CoinsVersion.current)
    expectEqual(CoinsVersion.current.split(separator: ".").count, 3)
  }

  @Test func trailingSlashesAreTrimmed() {
    #expect(
      CoinGeckoConfiguration(baseURL: "https://x.test/api///").baseURL == "https://x.test/api")
  }
}
