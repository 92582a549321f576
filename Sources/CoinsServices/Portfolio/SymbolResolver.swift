import CoinsModel

/// Turns what the user typed (`btc`, `bitcoin`, `Bitcoin`) into one CoinGecko coin.
///
/// Among exact symbol matches the coin with the best (lowest, non-null) market-cap rank wins,
/// so a bridged copy or a same-symbol token ranked 640 never beats the real one. Then exact ids,
/// then exact names. Pure: the candidates come from the market snapshot and `/search`.
public enum SymbolResolver {
  /// A coin the query may mean: the same facts `/search` gives about a coin.
  public typealias Candidate = SearchResult

  /// The coin `query` means among `candidates`, or `nil`. With `idOnly`, only ids match.
  public static func resolve(_ query: String, among candidates: [Candidate], idOnly: Bool = false)
    -> Candidate?
  {
    let wanted = query.lowercased()
    let ranked = candidates.sorted(by: Candidate.rankOrder)
    if idOnly { return ranked.first { $0.id == wanted } }
    // The best-ranked coin whose symbol or id is exactly the query: `btc` is Bitcoin, and
    // `bitcoin` is Bitcoin even when some token ranked 300 has the symbol "bitcoin".
    return ranked.first { $0.symbol.lowercased() == wanted || $0.id == wanted }
      ?? ranked.first { $0.name.lowercased() == wanted }
  }

  /// Up to `limit` coins close to `query`, best first, for "Did you mean" lists.
  public static func suggestions(for query: String, among candidates: [Candidate], limit: Int = 5)
    -> [Candidate]
  {
    let wanted = query.lowercased()
    var seen = Set<String>()
    let scored = candidates.compactMap { candidate -> (Candidate, Int)? in
      let distances = [candidate.symbol, candidate.id, candidate.name.lowercased()].map {
        $0.hasPrefix(wanted) || $0.contains(wanted) && wanted.count >= 3
          ? 0 : Suggestion.distance(wanted, $0.lowercased())
      }
      guard let best = distances.min(), best <= (wanted.count < 3 ? 1 : max(2, wanted.count / 3))
      else { return nil }
      return (candidate, best)
    }
    return
      scored
      .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : Candidate.rankOrder($0.0, $1.0) }
      .map(\.0)
      .filter { seen.insert($0.id).inserted }
      .prefix(limit)
      .map { $0 }
  }
}

extension SearchResult {
  /// The search facts of a market row.
  package init(_ coin: Coin) {
    self.init(id: coin.id, symbol: coin.symbol.lowercased(), name: coin.name, rank: coin.rank)
  }

  /// The same result (so that rows and results map alike).
  package init(_ result: SearchResult) {
    self = result
  }
}
