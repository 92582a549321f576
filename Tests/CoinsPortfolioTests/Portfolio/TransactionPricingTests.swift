import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `TransactionPricing`: the user's price, a day's 00:00 UTC price, the live one, and why
/// there is none.
@Suite(.timeLimit(.minutes(1))) struct TransactionPricingTests {
  private let clock = ManualTimeSource()

  private func pricing(_ transport: StubTransport, _ directory: TemporaryDirectory)
    -> TransactionPricing
  {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    let service = CoinDataService(
      client: client, cache: MarketCache(directory: directory.url), sampleLoader: { nil },
      timeSource: clock)
    return TransactionPricing(
      dayPrices: DayPriceLookup(client: client, cacheDirectory: directory.url),
      service: service, today: clock.now())
  }

  private static let march = ISO8601Timestamp.parse("2025-03-01T15:30:00Z")!

  @Test func theUsersPriceAsksNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    let found = try await pricing(transport, directory).price(
      of: "bitcoin", given: 42_000, date: Self.march, currency: "usd", live: true)
    expectEqual(found?.price, 42_000)
    expectEqual(found?.origin, .user)
    #expect(transport.requests.isEmpty)
  }

  @Test func aDatedTransactionTakesThatDaysPrice() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(
      always: .body(#"{"id":"bitcoin","market_data":{"current_price":{"usd":84123.5}}}"#))
    let found = try await pricing(transport, directory).price(
      of: "bitcoin", given: nil, date: Self.march, currency: "usd", live: false)
    expectEqual(found?.price, Decimal(string: "84123.5"))
    expectEqual(found?.origin, .history(day: ISO8601Timestamp.parse("2025-03-01T00:00:00Z")!))
    expectEqual(transport.requests.count, 1)
    expectEqual(transport.requests[0].url.path, "/api/v3/coins/bitcoin/history")
  }

  @Test func aDayWithoutThePriceInThatCurrencyIsNoPrice() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(
      always: .body(#"{"id":"bitcoin","market_data":{"current_price":{"usd":84123.5}}}"#))
    await #expect(throws: TransactionPricing.Failure.noPrice(when: "on 2025-03-01")) {
      _ = try await pricing(transport, directory).price(
        of: "bitcoin", given: nil, date: Self.march, currency: "eur", live: false)
    }
  }

  @Test func withoutADateOrLiveThereIsNoPriceToFind() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    let found = try await pricing(transport, directory).price(
      of: "bitcoin", given: nil, date: nil, currency: "usd", live: false)
    #expect(found == nil)
    #expect(transport.requests.isEmpty)
  }
}
