import CoinsModel
import CoinsServices

extension CommandContext {
  /// The id of the held coin the user means: an id as typed, else a held coin whose symbol or
  /// name matches — among the coins named on disk first (``coinNames()``), then in the market
  /// snapshot (live, cached or sample).
  func heldCoinID(
    _ coin: String, isID: Bool, in portfolio: Portfolio, market: MarketOptions
  ) async -> String? {
    let query = coin.lowercased()
    if portfolio.holding(id: query) != nil { return query }
    guard !isID else { return nil }
    let ids = portfolio.holdings.map(\.id)
    let names = await coinNames()
    let local = ids.compactMap(names.coin)
    if let found = SymbolResolver.resolve(query, among: local) { return found.id }
    let service = makeService(options: market)
    let request = MarketRequest(
      count: 250, extraIDs: ids, maxAge: max(market.maxAge, 3600), allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return nil }
    let held = snapshot.coins.filter { ids.contains($0.id) }.map(SymbolResolver.Candidate.init)
    return SymbolResolver.resolve(query, among: held)?.id
  }

  /// The symbols and names of the coins on disk — the cached market, else the bundled sample,
  /// and the coins remembered from look-ups — without asking CoinGecko.
  func coinNames() async -> CoinNames {
    let snapshot = await makeService(options: MarketOptions()).localCoins(currency: "usd")
    return CoinNames(snapshot?.coins.map(SearchResult.init) ?? [])
  }

  /// Remembers a coin a command resolved (`portfolio add`), unless it is on disk already, so
  /// later commands name it by its symbol without asking CoinGecko.
  func rememberName(of coin: SearchResult) async {
    let service = makeService(options: MarketOptions())
    guard await coinNames().coin(coin.id) == nil else { return }
    await service.remember([coin])
  }
}
