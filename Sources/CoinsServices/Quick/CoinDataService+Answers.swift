import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// A small answer kept in the cache as received (`<name>.json`): a stored copy younger than
  /// `maxAge`, else a fresh one from `fetch` (then stored), else — for transient failures, when
  /// allowed — the stored copy of any age, labelled as cached. Both routes go through `decode`.
  func storedAnswer<Value: Sendable>(
    named name: String, maxAge: Double, allowFallback: Bool,
    fetch: () async throws(CoinGeckoError) -> Data,
    decode: (Data) throws(CoinGeckoError) -> Value
  ) async throws(CoinGeckoError) -> Sourced<Value> {
    let answers = cache.map { AnswerCache(directory: $0.directory) }
    let now = timeSource.now()
    let stored = answers?.load(name)
    if let stored, maxAge > 0, now.timeIntervalSince(stored.storedAt) < maxAge,
      let value = try? decode(stored.body)
    {
      return Sourced(value, asOf: stored.storedAt, source: .live)
    }
    do {
      let body = try await fetch()
      let value = try decode(body)
      try? answers?.store(body, as: name)
      return Sourced(value, asOf: timeSource.now(), source: .live)
    } catch {
      guard error.isTransient, allowFallback, let stored, let value = try? decode(stored.body)
      else { throw error }
      return Sourced(value, asOf: stored.storedAt, source: .cache, staleReason: error.message)
    }
  }

  /// CoinGecko's trending coins (`/search/trending`), cached like `/global`.
  public func trending(maxAge: Double, allowFallback: Bool) async throws(CoinGeckoError)
    -> Sourced<[TrendingCoin]>
  {
    let client = self.client
    return try await storedAnswer(
      named: "trending", maxAge: maxAge, allowFallback: allowFallback,
      fetch: { () async throws(CoinGeckoError) in try await client.trending() },
      decode: { body throws(CoinGeckoError) in try TrendingDecoder.decode(body) })
  }

  /// CoinGecko's coin categories (`/coins/categories`), cached like `/global`.
  public func categories(maxAge: Double, allowFallback: Bool) async throws(CoinGeckoError)
    -> Sourced<[CoinCategory]>
  {
    let client = self.client
    return try await storedAnswer(
      named: "categories", maxAge: maxAge, allowFallback: allowFallback,
      fetch: { () async throws(CoinGeckoError) in try await client.categories() },
      decode: { body throws(CoinGeckoError) in try CategoriesDecoder.decode(body) })
  }

  /// Every currency's units per bitcoin (`/exchange_rates`), cached like `/global`.
  public func exchangeRates(maxAge: Double, allowFallback: Bool) async throws(CoinGeckoError)
    -> Sourced<[ExchangeRate]>
  {
    let client = self.client
    return try await storedAnswer(
      named: "exchange-rates", maxAge: maxAge, allowFallback: allowFallback,
      fetch: { () async throws(CoinGeckoError) in try await client.exchangeRates() },
      decode: { body throws(CoinGeckoError) in try ExchangeRatesDecoder.decode(body) })
  }

  /// The exchange rates stored by an earlier command, of any age, without asking CoinGecko.
  package func storedExchangeRates() -> [ExchangeRate]? {
    guard let body = cache.flatMap({ AnswerCache(directory: $0.directory).load("exchange-rates") })
    else { return nil }
    return try? ExchangeRatesDecoder.decode(body.body)
  }
}
