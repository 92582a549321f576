import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `CoinDataService.prices(…)`: one request for every coin, the merged price cache, and
/// fallbacks that say what they are; and a category's market cached apart from the whole one.
@Suite(.timeLimit(.minutes(1))) struct CoinDataServicePricesTests {
  private let clock = ManualTimeSource()

  private func service(_ transport: StubTransport, _ directory: TemporaryDirectory)
    -> CoinDataService
  {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    return CoinDataService(
      client: client, cache: MarketCache(directory: directory.url), sampleLoader: { nil },
      timeSource: clock)
  }

  private static let answer = StubTransport.Reply.body(
    #"{"bitcoin":{"eur":45000,"eur_24h_change":0.5,"last_updated_at":1753455000},"#
      + #""solana":{"eur":135.25,"eur_24h_change":-1.5,"last_updated_at":1753455100}}"#)

  @Test func oneRequestForAllCoinsThenTheCacheWithinMaxAge() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: Self.answer)
    let service = service(transport, directory)

    let first = try await service.prices(
      ids: ["solana", "bitcoin"], currency: "EUR", maxAge: 60, allowFallback: true)
    clock.advance(by: 30)
    let second = try await service.prices(
      ids: ["bitcoin"], currency: "eur", maxAge: 60, allowFallback: true)

    expectEqual(transport.requests.count, 1)
    expectEqual(transport.requests[0].query("ids"), "solana,bitcoin")
    expectEqual(transport.requests[0].query("vs_currencies"), "eur")
    expectEqual(first.source, .live)
    expectEqual(first.value.map(\.id), ["solana", "bitcoin"])
    expectEqual(first.value.map(\.price), [135.25, 45000])
    expectEqual(second.source, .live)
    expectEqual(second.asOf, ManualTimeSource.start)
    expectEqual(second.value, [first.value[1]])
  }

  @Test func aCoinNotInTheCacheOrAnOldCacheAsksAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: Self.answer)
    let service = service(transport, directory)

    _ = try await service.prices(ids: ["bitcoin"], currency: "eur", maxAge: 60, allowFallback: true)
    _ = try await service.prices(
      ids: ["bitcoin", "solana"], currency: "eur", maxAge: 60, allowFallback: true)
    clock.advance(by: 61)
    _ = try await service.prices(ids: ["bitcoin"], currency: "eur", maxAge: 60, allowFallback: true)

    expectEqual(
      transport.requests.map { $0.query("ids") }, ["bitcoin", "bitcoin,solana", "bitcoin"])
  }

  @Test func aTransientFailureFallsBackToCachedPricesLabelled() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(script: [Self.answer, .status(503)])
    let service = service(transport, directory)

    _ = try await service.prices(
      ids: ["bitcoin", "solana"], currency: "eur", maxAge: 60, allowFallback: true)
    clock.advance(by: 600)
    let stale = try await service.prices(
      ids: ["solana"], currency: "eur", maxAge: 60, allowFallback: true)

    expectEqual(stale.source, .cache)
    expectEqual(stale.asOf, ManualTimeSource.start)
    expectEqual(stale.staleReason, "CoinGecko answered HTTP 503.")
    #expect(
      stale.value == [
        CoinPrice(
          id: "solana", price: 135.25, change24h: -1.5,
          updatedAt: Date(timeIntervalSince1970: 1_753_455_100))
      ])
    await #expect(throws: CoinGeckoError.httpStatus(code: 503, message: "")) {
      try await service.prices(ids: ["solana"], currency: "eur", maxAge: 60, allowFallback: false)
    }
  }

  @Test func withoutCachedPricesTheCachedMarketAnswersElseTheErrorStands() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try MarketCache(directory: directory.url).store(Fixtures.snapshot(asOf: clock.now() - 120))
    let service = service(StubTransport(always: .failure(.unreachable("refused"))), directory)

    let stale = try await service.prices(
      ids: ["ethereum"], currency: "usd", maxAge: 60, allowFallback: true)

    expectEqual(stale.source, .cache)
    expectEqual(stale.asOf, clock.now() - 120)
    expectEqual(stale.value.map(\.price), [3_000.5])
    expectEqual(stale.value.map(\.change24h), [2.25])
    await #expect(throws: CoinGeckoError.self) {
      try await service.prices(ids: ["monero"], currency: "usd", maxAge: 60, allowFallback: true)
    }
    await #expect(throws: CoinGeckoError.self) {
      try await service.prices(ids: ["ethereum"], currency: "eur", maxAge: 60, allowFallback: true)
    }
  }

  @Test func aRefusalIsNeverHiddenAndAnUnknownCurrencyIsNotCached() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(script: [Self.answer, .body(#"{"bitcoin":{}}"#)])
    let service = service(transport, directory)
    _ = try await service.prices(ids: ["bitcoin"], currency: "eur", maxAge: 60, allowFallback: true)

    await #expect(throws: CoinGeckoError.unknownCurrency("xyz")) {
      try await service.prices(ids: ["bitcoin"], currency: "xyz", maxAge: 60, allowFallback: true)
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("prices-xyz.json").path))
  }

  @Test func aCategoryIsCachedApartAndNeverOverwritesTheWholeMarket() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let whole = Fixtures.snapshot(asOf: clock.now())
    try MarketCache(directory: directory.url).store(whole)
    let transport = StubTransport(always: .body(Fixtures.body([Fixtures.three[2]])))
    let service = service(transport, directory)

    let category = try await service.snapshot(
      for: MarketRequest(currency: "usd", count: 20, maxAge: 60, category: "meme-token"))
    let again = try await service.snapshot(
      for: MarketRequest(currency: "usd", count: 20, maxAge: 60, category: "meme-token"))

    expectEqual(category.coins.map(\.id), ["shiba-inu"])
    expectEqual(again.coins.map(\.id), ["shiba-inu"])
    expectEqual(transport.requests.count, 1)
    expectEqual(transport.requests[0].query("category"), "meme-token")
    expectEqual(MarketCache(directory: directory.url).load(currency: "usd")?.coins, whole.coins)
  }
}
