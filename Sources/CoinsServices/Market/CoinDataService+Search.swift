import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// What a search found and where it looked.
  public struct SearchAnswer: Sendable {
    /// The matching coins, in CoinGecko's order (or the market's, offline).
    public var results: [SearchResult]
    /// Live from `/search`, or a search of the cached or sample market.
    public var source: DataSource
    /// When the searched data was current.
    public var asOf: Date
    /// Why CoinGecko was not searched, when it was not.
    public var unavailable: CoinGeckoError?
  }

  /// CoinGecko's `/search` for `query`; when it cannot be reached and `allowFallback`, the
  /// coins of the cached (else the sample) market whose id, symbol or name contain it.
  public func search(_ query: String, allowFallback: Bool) async throws(CoinGeckoError)
    -> SearchAnswer
  {
    let now = timeSource.now()
    do {
      return SearchAnswer(
        results: try await searchOnline(query), source: .live, asOf: now, unavailable: nil)
    } catch {
      guard error.isTransient, allowFallback else { throw error }
      // Only what is on disk: CoinGecko has just failed, asking it again would only wait.
      guard let snapshot = cachedSnapshot(currency: "usd") ?? sampleSnapshot() else {
        throw error
      }
      return SearchAnswer(
        results: Self.localMatches(query, in: snapshot.coins),
        source: snapshot.source == .sample ? .sample : .cache, asOf: snapshot.asOf,
        unavailable: error)
    }
  }

  /// CoinGecko's `/search` for `query`, with no fallback.
  package func searchOnline(_ query: String) async throws(CoinGeckoError) -> [SearchResult] {
    try await client.search(query)
  }

  /// The market rows of these CoinGecko ids, priced in `currency`, straight from CoinGecko.
  package func coins(ids: [String], currency: String) async throws(CoinGeckoError) -> [Coin] {
    try await client.markets(currency: currency, ids: ids)
  }

  /// How long a request may take in all before it is given up.
  nonisolated package var requestDeadline: Double { client.deadline }

  /// Coins whose id, symbol or name contain the query, for searching offline.
  static func localMatches(_ query: String, in coins: [Coin]) -> [SearchResult] {
    let wanted = query.lowercased()
    return coins.filter {
      $0.id.contains(wanted) || $0.symbol.lowercased().contains(wanted)
        || $0.name.lowercased().contains(wanted)
    }.map(SearchResult.init)
  }
}
