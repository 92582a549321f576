import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `ConversionRoute`: two currencies by `/exchange_rates`, and why there is no rate.
@Suite(.timeLimit(.minutes(1))) struct ConversionRouteTests {
  private let clock = ManualTimeSource()

  private func route(_ transport: StubTransport, _ directory: TemporaryDirectory)
    -> ConversionRoute
  {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    let service = CoinDataService(
      client: client, cache: MarketCache(directory: directory.url), sampleLoader: { nil },
      timeSource: clock)
    return ConversionRoute(service: service, maxAge: 60, allowFallback: true)
  }

  @Test func twoCurrenciesAreConvertedByTheirRatesToBitcoin() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(
      always: .body(
        #"{"rates":{"btc":{"name":"Bitcoin","unit":"BTC","value":1.0,"type":"crypto"},"#
          + #""usd":{"name":"US Dollar","unit":"$","value":60000.0,"type":"fiat"},"#
          + #""eur":{"name":"Euro","unit":"€","value":54000.0,"type":"fiat"}}}"#))
    let (terms, answer) = try await route(transport, directory).rate(from: "usd", to: "eur")
    expectEqual(terms.from, .currency(code: "usd"))
    expectEqual(terms.to, .currency(code: "eur"))
    // 54,000 EUR and 60,000 USD per bitcoin: 0.9 EUR per USD.
    #expect(abs(answer.value - 0.9) < 1e-12)
    expectEqual(answer.source, .live)
    expectEqual(transport.requests.map(\.url.path), ["/api/v3/exchange_rates"])
  }

  @Test func ratesOutOfReachAreUnavailableNotUnknown() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    do {
      _ = try await route(transport, directory).rate(from: "usd", to: "eur")
      Issue.record("expected no rate")
    } catch {
      #expect(error.isUnavailable)
    }
  }
}
