import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// The prices of these coins in `currency`, in the order asked: figures fetched less than
  /// `maxAge` ago for every one of them, else one `/simple/price` request for all (then
  /// cached), else — for transient failures, when allowed — the newest figures on disk that
  /// have every coin: cached prices, then the cached market, then the bundled sample.
  public func prices(ids: [String], currency: String, maxAge: Double, allowFallback: Bool)
    async throws(CoinGeckoError) -> Sourced<[CoinPrice]>
  {
    let currency = currency.lowercased()
    let store = cache.map { PriceCache(directory: $0.directory) }
    let stored = store?.load(currency: currency) ?? [:]
    let now = timeSource.now()
    if maxAge > 0, let fresh = Self.pick(ids, from: stored) {
      let age = now.timeIntervalSince(fresh.oldest)
      if age >= -60 && age < maxAge {
        return Sourced(fresh.prices, asOf: fresh.oldest, source: .live)
      }
    }
    do {
      let prices = try await client.simplePrices(ids: ids, currency: currency).prices
      let fetchedAt = timeSource.now()
      try? store?.store(prices, currency: currency, at: fetchedAt)
      return Sourced(prices, asOf: fetchedAt, source: .live)
    } catch {
      guard error.isTransient, allowFallback else { throw error }
      if let old = Self.pick(ids, from: stored) {
        return Sourced(old.prices, asOf: old.oldest, source: .cache, staleReason: error.message)
      }
      for snapshot in [cachedSnapshot(currency: currency), sampleSnapshot()].compactMap({ $0 })
      where snapshot.currency == currency {
        let rows = ids.compactMap(snapshot.coin(id:))
        guard rows.count == ids.count else { continue }
        return Sourced(
          rows.map(CoinPrice.init), asOf: snapshot.asOf, source: snapshot.source,
          staleReason: error.message)
      }
      throw error
    }
  }

  /// The stored prices of every id, with the oldest fetch time among them; `nil` when one is
  /// missing.
  private static func pick(
    _ ids: [String], from stored: [String: (price: CoinPrice, fetchedAt: Date)]
  ) -> (prices: [CoinPrice], oldest: Date)? {
    let found = ids.compactMap { stored[$0] }
    guard found.count == ids.count, let oldest = found.map(\.fetchedAt).min() else { return nil }
    return (found.map(\.price), oldest)
  }

  /// The coins that can be named without asking CoinGecko: the cached market in `currency`
  /// (else in usd), else the bundled sample, plus the coins remembered from earlier look-ups.
  package func localCoins(currency: String) -> MarketSnapshot? {
    var snapshot =
      cachedSnapshot(currency: currency) ?? cachedSnapshot(currency: "usd") ?? sampleSnapshot()
    let remembered = cache.map { KnownCoins(directory: $0.directory).load() } ?? []
    guard !remembered.isEmpty else { return snapshot }
    let known = Set(snapshot?.coins.map(\.id) ?? [])
    let extra = remembered.filter { !known.contains($0.id) }.map {
      Coin(id: $0.id, symbol: $0.symbol, name: $0.name, rank: $0.rank)
    }
    if snapshot == nil {
      snapshot = MarketSnapshot(
        coins: [], currency: currency, asOf: timeSource.now(), source: .cache)
    }
    snapshot?.coins += extra
    return snapshot
  }

  /// Remembers coins found through `/search`, for later commands and shell completion.
  package func remember(_ coins: [SearchResult]) {
    guard let cache else { return }
    try? KnownCoins(directory: cache.directory).remember(coins)
  }
}
