extension MarketRequest {
  /// The request of every refresh of `coins watch`: the top `count` coins (a page of 250 when
  /// watching the portfolio), or a watchlist's coins alone; and always the coins held and those
  /// the alert rules name. Never a fallback: the view says itself how old its data is.
  package static func watch(
    currency: String, top count: Int, watchlist: [String]?, portfolio: Bool, held: [String],
    alertCoins: [String], maxAge: Double
  ) -> MarketRequest {
    var seen = Set<String>()
    let extra = ((watchlist ?? []) + held + alertCoins).filter { seen.insert($0).inserted }
    return MarketRequest(
      currency: currency, count: watchlist != nil ? 0 : (portfolio ? 250 : count),
      extraIDs: extra, maxAge: maxAge, allowFallback: false)
  }
}
