import CoinsModel

/// The coins a command names: which held coin the user means by a symbol or name, the
/// symbols and names known without asking CoinGecko, and a coin to remember — all through the
/// command's one market service.
package struct HeldCoinResolver: Sendable {
  /// The command's market service.
  package let service: CoinDataService
  /// The currency of the market a symbol is looked for in (the command's own).
  package let currency: String
  /// How old a cached market may be for the look-up (at least an hour: names change slowly).
  package let maxAge: Double

  /// A resolver through `service`, looking in `currency`'s market.
  package init(service: CoinDataService, currency: String, maxAge: Double) {
    self.service = service
    self.currency = currency
    self.maxAge = maxAge
  }

  /// The id of the held coin the user means: an id as typed, else a held coin whose symbol or
  /// name matches — among the coins named on disk first (``names()``), then in the market
  /// snapshot in ``currency`` (live, cached or sample).
  package func id(of coin: String, isID: Bool, in portfolio: Portfolio) async -> String? {
    let query = coin.lowercased()
    if portfolio.holding(id: query) != nil { return query }
    guard !isID else { return nil }
    let ids = portfolio.holdings.map(\.id)
    let local = ids.compactMap(await names().coin)
    if let found = SymbolResolver.resolve(query, among: local) { return found.id }
    let request = MarketRequest(
      currency: currency, count: 250, extraIDs: ids, maxAge: max(maxAge, 3600),
      allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return nil }
    let held = snapshot.coins.filter { ids.contains($0.id) }.map(SymbolResolver.Candidate.init)
    return SymbolResolver.resolve(query, among: held)?.id
  }

  /// The symbols and names of the coins on disk — the cached market, else the bundled sample,
  /// and the coins remembered from look-ups — without asking CoinGecko.
  package func names() async -> CoinNames {
    let snapshot = await service.localCoins(currency: "usd")
    return CoinNames(snapshot?.coins.map(SearchResult.init) ?? [])
  }

  /// ``names()``, and those of `ids` it lacks from one request by their ids (remembered, so
  /// the next command finds them on disk): a coin's symbol names its exchange pairs, so a
  /// portfolio whose coins are not on disk (a cleared cache, a copied file) would otherwise be
  /// priced under its ids. On failure, the names on disk alone.
  package func names(covering ids: [String]) async -> CoinNames {
    let onDisk = await service.localCoins(currency: "usd")?.coins.map(SearchResult.init) ?? []
    let local = CoinNames(onDisk)
    let missing = Array(Set(ids.filter { local.coin($0) == nil })).sorted()
    guard !missing.isEmpty else { return local }
    let request = MarketRequest(
      currency: currency, count: 0, extraIDs: missing, maxAge: max(maxAge, 3600),
      allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return local }
    let found = snapshot.coins.filter { missing.contains($0.id) }.map(SearchResult.init)
    guard !found.isEmpty else { return local }
    await service.remember(found)
    return CoinNames(onDisk + found)
  }

  /// Remembers a coin a command resolved (`portfolio add`), unless it is on disk already, so
  /// later commands name it by its symbol without asking CoinGecko.
  package func remember(_ coin: SearchResult) async {
    guard await names().coin(coin.id) == nil else { return }
    await service.remember([coin])
  }
}
