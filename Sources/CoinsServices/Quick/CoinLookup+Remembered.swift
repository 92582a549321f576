import CoinGeckoAPI
import CoinsModel

extension CoinLookup {
  /// The coins `queries` mean, in order, each found among the coins named without asking
  /// CoinGecko (``CoinDataService/localCoins(currency:)``), else through `/search` — and then
  /// remembered, so the next command finds it on disk.
  package func findAll(_ queries: [String]) async throws(Failure) -> [SearchResult] {
    let local = await service.localCoins(currency: currency)
    let localIDs = Set(local?.coins.map(\.id) ?? [])
    var found: [SearchResult] = []
    for query in queries {
      found.append(try await find(query, isID: false, in: local).0)
    }
    let new = found.filter { !localIDs.contains($0.id) }
    if !new.isEmpty { await service.remember(new) }
    return found
  }
}
