import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The settings from `config.toml`, and the chain they assemble over one transport.
@Suite(.timeLimit(.minutes(1))) struct PriceSettingsTests {
  @Test func theSettingsAreReadFromTheirTables() throws {
    let document = try TOMLDocument(
      parsing: """
        [prices]
        order = "binance, yours"
        pairs = "terra-luna = lunc, bitcoin-cash=BCH"
        [network]
        coingecko_rate = 25
        coinbase_rate = 120.5
        max_wait = 45
        timeout = 9
        """)
    let settings = try PriceSettings(document, file: "config.toml")
    expectEqual(settings.order, [.binance, .yours])
    expectEqual(settings.pairs, ["terra-luna": "LUNC", "bitcoin-cash": "BCH"])
    expectEqual(settings.rates, [.coingecko: 25, .coinbase: 120.5])
    expectEqual(settings.maxWait, 45)
    expectEqual(settings.coin(id: "terra-luna", symbol: "luna").exchangeBase, "LUNC")
    try expectEqual(PriceSettings(TOMLDocument(parsing: ""), file: "c"), PriceSettings())
    expectEqual(PriceSettings().maxWait, 300)
  }

  @Test(arguments: [
    (
      "[prices]\norder = \"yours, ftx\"",
      "config.toml, line 2: [prices] order names an unknown source 'ftx' (known: yours, coingecko, coinbase, binance)."
    ),
    (
      "[prices]\npairs = \"terra-luna\"",
      "config.toml, line 2: [prices] pairs holds 'terra-luna', not id=TICKER."
    ),
    (
      "[network]\nmax_wait = \"long\"",
      "config.toml, line 2: [network] max_wait must be a number of seconds."
    ),
    (
      "[network]\n\nbinance_rate = 0",
      "config.toml, line 3: [network] binance_rate must be a number of requests a minute above 0."
    ),
  ])
  func aBadSettingIsNamedWithItsLine(text: String, message: String) throws {
    let document = try TOMLDocument(parsing: text)
    #expect(throws: PriceSettings.Invalid(message: message)) {
      try PriceSettings(document, file: "config.toml")
    }
  }

  @Test func coinGeckosStartingRateFollowsThePlan() {
    let keyless = CoinGeckoConfiguration()
    expectEqual(PriceChainAssembly.coinGeckoHost(keyless).perMinute, 10)
    let demo = CoinGeckoConfiguration.fromEnvironment(["COINGECKO_DEMO_API_KEY": "k"])
    expectEqual(PriceChainAssembly.coinGeckoHost(demo).perMinute, 30)
    let pro = CoinGeckoConfiguration.fromEnvironment(["COINGECKO_PRO_API_KEY": "k"])
    expectEqual(PriceChainAssembly.coinGeckoHost(pro).perMinute, 500)
  }

  static let endpoints = PriceSourceEndpoints(
    coinbase: "https://cb.test", binance: "https://bn.test", ecb: "https://ecb.test")
  static let coinGecko = CoinGeckoConfiguration(baseURL: "https://cg.test/api/v3")

  @Test func theChainAsksInTheSettingsOrderAndChecksAgainstCoinGecko() async throws {
    let clock = ManualTimeSource(parkingAtLeast: 100)
    // Days in CoinGecko's reach (today is 2025-07-25): it is asked for the check.
    let stub = StubTransport { request, _ in
      let body =
        switch request.url.host {
        case "bn.test": #"[[1746057600000,"94000.00","1","1","1","1",0,"1",1,"1","1","0"]]"#
        case "cg.test": #"{"prices":[[1746057600000,94212.5]]}"#
        default: "[]"
        }
      return HTTPResponse(status: 200, body: Data(body.utf8))
    }
    var settings = PriceSettings()
    settings.order = [.binance, .coinbase]
    let assembly = PriceChainAssembly(
      settings: settings, endpoints: Self.endpoints, coinGecko: Self.coinGecko, ownSeries: [],
      transport: stub, timeSource: clock)
    expectEqual(assembly.chain.sources.map(\.name), [.binance, .coinbase])
    let price = await assembly.chain.price(
      of: PricedCoin(id: "bitcoin", symbol: "btc"), in: "USD", on: day("2025-05-01")
    ).price
    expectEqual(price?.price, exact("94000"))
    expectEqual(price?.provenance.label, "binance via USDT")
    expectEqual(stub.requests.compactMap(\.url.host), ["bn.test", "cg.test"])
  }

  @Test func fetchingManyCoinsSaysHowFarItGotAndWhatItWaitsFor() async throws {
    let clock = ManualTimeSource(parkingAtLeast: 100)
    let stub = StubTransport(always: .body(#"{"prices":[[1746057600000,94212.5]]}"#))
    let lines = Recorder<String>()
    let progress = FetchProgress(fetching: "daily prices", total: 3, unit: "coins") {
      lines.record($0)
    }
    var settings = PriceSettings()
    settings.order = [.coingecko]
    let assembly = PriceChainAssembly(
      settings: settings, endpoints: Self.endpoints, coinGecko: Self.coinGecko, ownSeries: [],
      transport: stub, timeSource: clock, onWait: progress.waiting)
    let coins = ["bitcoin", "ethereum", "solana"].map { PricedCoin(id: $0, symbol: $0) }
    let answers = await assembly.chain.prices(
      of: coins.map { ($0, [day("2025-05-01")]) }, in: "USD", progress: progress)
    expectEqual(answers.count, 3)
    #expect(answers.values.allSatisfy { $0[day("2025-05-01")]?.price?.price == exact("94212.5") })
    #expect(
      lines.items == [
        "Fetching daily prices: 1 of 3 coins",
        "Fetching daily prices: 1 of 3 coins (waiting 6 s for CoinGecko's rate limit)",
        "Fetching daily prices: 2 of 3 coins",
        "Fetching daily prices: 2 of 3 coins (waiting 6 s for CoinGecko's rate limit)",
        "Fetching daily prices: 3 of 3 coins",
      ])
    await expectEqual(assembly.budget.secondsWaited, 12)
  }
}
