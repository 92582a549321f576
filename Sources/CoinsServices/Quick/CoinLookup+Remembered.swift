import CoinGeckoAPI
import CoinsModel

extension CoinLookup {
  /// The coins `queries` mean, in order, each found among the coins named without asking
  /// CoinGecko (``CoinDataService/localCoins(currency:)``), else through `/search` — and then
  /// remembered, so the next command finds it on disk.
  package func findAll(_ queries: [String]) async throws(Failure) -> [SearchResult] {
    let answer = try await findEach(queries)
    if let unknown = answer.unknown.first { throw unknown }
    return answer.found
  }

  /// The same, going on past a coin no one knows: the coins found, in order, and a
  /// ``Failure/unknown(query:suggestions:)`` for each query that matched nothing. A lookup
  /// CoinGecko could not answer is still thrown (whether the coin exists is then not known).
  package func findEach(_ queries: [String]) async throws(Failure) -> (
    found: [SearchResult], unknown: [Failure]
  ) {
    let local = await service.localCoins(currency: currency)
    let localIDs = Set(local?.coins.map(\.id) ?? [])
    var found: [SearchResult] = []
    var unknown: [Failure] = []
    for query in queries {
      do {
        found.append(try await find(query, isID: false, in: local).0)
      } catch {
        guard case .unknown = error else { throw error }
        unknown.append(error)
      }
    }
    let new = found.filter { !localIDs.contains($0.id) }
    if !new.isEmpty { await service.remember(new) }
    return (found, unknown)
  }
}
