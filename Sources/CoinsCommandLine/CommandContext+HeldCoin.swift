import CoinsServices

extension CommandContext {
  /// The coins a command names, through `service` — the command's one market service, made
  /// here from `market` when the command has none yet — looking symbols up in `market`'s
  /// currency (``HeldCoinResolver``).
  func heldCoins(_ market: MarketOptions = MarketOptions(), service: CoinDataService? = nil)
    -> HeldCoinResolver
  {
    HeldCoinResolver(
      service: service ?? makeService(options: market), currency: market.currency,
      maxAge: market.maxAge)
  }
}
