import CoinGeckoAPI
import CoinsModel

/// Finds the coin a user means, first in the market snapshot (live, cached or sample), then
/// through CoinGecko's `/search` (or, for an explicit id, an `ids` request).
package struct CoinLookup {
  /// Why a coin could not be found.
  package enum Failure: Error, Equatable {
    /// No coin matches; the closest ones are suggested.
    case unknown(query: String, suggestions: [SymbolResolver.Candidate])
    /// The lookup needed CoinGecko and CoinGecko failed.
    case service(CoinGeckoError)
    /// CoinGecko refused the market request: the fault is the user's (an unknown currency).
    case refused(CoinGeckoError)

    package var message: String {
      switch self {
      case .unknown(let query, let suggestions):
        let shown = Sanitizer.printable(query)
        guard !suggestions.isEmpty else {
          return "Unknown coin '\(shown)'. Name it by its symbol (btc) or CoinGecko id (bitcoin)."
        }
        let list = suggestions.map { "\($0.symbol) (\($0.name), id \($0.id))" }
        return "Unknown coin '\(shown)'. Did you mean: \(list.joined(separator: "; "))?"
      case .service(let error):
        return "Cannot look the coin up: \(error.message)"
      case .refused(let error):
        return error.message
      }
    }
  }

  let service: CoinDataService
  /// The currency of the market snapshot lookups start from.
  let currency: String
  /// How old a cached snapshot may be (at least 300 s is used).
  let maxAge: Double

  /// The coin `query` means, and the other coins sharing its symbol.
  package func find(_ query: String, isID: Bool) async throws(Failure) -> (
    SymbolResolver.Candidate, others: [SymbolResolver.Candidate]
  ) {
    try await find(query, isID: isID, in: try await marketSnapshot().snapshot)
  }

  /// The top 250 in the command's currency that lookups start from: live, cached or the sample;
  /// when CoinGecko is out of reach and there is neither, no snapshot and why. A refusal (an
  /// unknown currency) is thrown, never hidden.
  package func marketSnapshot() async throws(Failure) -> (
    snapshot: MarketSnapshot?, unavailable: CoinGeckoError?
  ) {
    do {
      let snapshot = try await service.snapshot(
        for: MarketRequest(
          currency: currency, count: 250, maxAge: max(maxAge, 300),
          allowFallback: true))
      return (snapshot, nil)
    } catch {
      if error.isTransient { return (nil, error) }
      throw .refused(error)
    }
  }

  /// The coin `query` means among `snapshot`'s coins, else through `/search` (or `ids`).
  package func find(_ query: String, isID: Bool, in snapshot: MarketSnapshot?) async throws(Failure)
    -> (
      SymbolResolver.Candidate, others: [SymbolResolver.Candidate]
    )
  {
    var candidates: [SymbolResolver.Candidate] = []
    if let snapshot {
      candidates = snapshot.coins.map(SymbolResolver.Candidate.init)
      if let found = SymbolResolver.resolve(query, among: candidates, idOnly: isID) {
        return (found, sharing(found, in: candidates))
      }
    }
    do {
      if isID {
        let rows = try await service.coins(ids: [query.lowercased()], currency: "usd")
        if let row = rows.first(where: { $0.id == query.lowercased() }) {
          return (SymbolResolver.Candidate(row), [])
        }
      }
      let results = try await service.searchOnline(query).map(SymbolResolver.Candidate.init)
      if let found = SymbolResolver.resolve(query, among: results + candidates, idOnly: isID) {
        return (found, sharing(found, in: results + candidates))
      }
      throw Failure.unknown(
        query: query,
        suggestions: Array(
          (results.sorted(by: SymbolResolver.Candidate.rankOrder).prefix(3)
            + SymbolResolver.suggestions(for: query, among: candidates, limit: 3))
            .uniqued().prefix(5)))
    } catch let failure as Failure {
      throw failure
    } catch let error as CoinGeckoError {
      throw .service(error)
    } catch {
      throw .service(.timedOut(seconds: service.requestDeadline))
    }
  }

  private func sharing(
    _ chosen: SymbolResolver.Candidate, in candidates: [SymbolResolver.Candidate]
  )
    -> [SymbolResolver.Candidate]
  {
    candidates.filter { $0.symbol == chosen.symbol && $0.id != chosen.id }
      .sorted(by: SymbolResolver.Candidate.rankOrder).uniqued()
  }

  /// Creates a value from its parts.
  package init(service: CoinDataService, currency: String, maxAge: Double) {
    self.service = service
    self.currency = currency
    self.maxAge = maxAge
  }
}

extension Array where Element == SymbolResolver.Candidate {
  /// Each id once, first occurrence kept.
  func uniqued() -> [Element] {
    var seen = Set<String>()
    return filter { seen.insert($0.id).inserted }
  }
}

extension ArraySlice where Element == SymbolResolver.Candidate {
  func uniqued() -> [Element] { Array(self).uniqued() }
}
