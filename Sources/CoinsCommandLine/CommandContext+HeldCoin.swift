import CoinsModel
import CoinsServices

extension CommandContext {
  /// The id of the held coin the user means: an id as typed, else a held coin whose symbol or
  /// name matches (symbols come from the market snapshot: live, cached or sample).
  func heldCoinID(
    _ coin: String, isID: Bool, in portfolio: Portfolio, market: MarketOptions
  ) async -> String? {
    let query = coin.lowercased()
    if portfolio.holding(id: query) != nil { return query }
    guard !isID else { return nil }
    let service = makeService(options: market)
    let ids = portfolio.holdings.map(\.id)
    let request = MarketRequest(
      count: 250, extraIDs: ids, maxAge: max(market.maxAge, 3600), allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return nil }
    let held = snapshot.coins.filter { ids.contains($0.id) }.map(SymbolResolver.Candidate.init)
    return SymbolResolver.resolve(query, among: held)?.id
  }
}

extension CommandContext {
  /// The symbols of the coins `ids` names, by id, from the market snapshot (live, cached or
  /// sample); a coin the snapshot lacks is left out.
  func symbols(of ids: [String], market: MarketOptions) async -> [String: String] {
    let service = makeService(options: market)
    let request = MarketRequest(
      count: 250, extraIDs: ids, maxAge: max(market.maxAge, 3600), allowFallback: true)
    guard let snapshot = try? await service.snapshot(for: request) else { return [:] }
    let wanted = Set(ids)
    return Dictionary(
      snapshot.coins.filter { wanted.contains($0.id) }.map { ($0.id, $0.symbol) },
      uniquingKeysWith: { first, _ in first })
  }
}
