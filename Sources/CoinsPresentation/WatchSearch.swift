import CoinsModel

/// A market-wide search started from an interactive `coins watch` when nothing loaded matches
/// the filter: CoinGecko's `/search` for the filter's text, its results and the highlight.
package struct WatchSearch: Sendable, Equatable {
  /// Where the search stands.
  package enum Phase: Sendable, Equatable {
    /// Asked, not answered yet.
    case searching
    /// CoinGecko's answer, best-ranked first (possibly no coin).
    case found([SearchResult])
    /// Why CoinGecko could not be searched (offline, rate limited, …).
    case failed(String)
  }

  /// The text searched for, as typed in the filter.
  package var query: String
  package var phase = Phase.searching
  /// The highlighted result.
  package var selected = 0
  /// The first result on screen.
  package var scroll = 0

  /// A search for `query`, under way.
  package init(query: String) {
    self.query = query
  }

  /// The results found so far (none while searching or after a failure).
  package var results: [SearchResult] {
    if case .found(let results) = phase { return results }
    return []
  }

  /// The highlighted result's CoinGecko id, if there is one.
  package var selectedID: String? {
    results.indices.contains(selected) ? results[selected].id : nil
  }
}
