/// One coin of CoinGecko's trending list (`/search/trending`), priced in USD.
public struct TrendingCoin: Ranked, Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The symbol, lower-cased.
  public var symbol: String
  /// The name.
  public var name: String
  /// The market-cap rank, when it has one.
  public var rank: Int?
  /// The price in USD.
  public var price: Double?
  /// The price's change over 24 hours in USD terms, in percent.
  public var change24h: Double?

  /// Creates a value from its parts.
  public init(
    id: String, symbol: String, name: String, rank: Int?, price: Double?, change24h: Double?
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.rank = rank
    self.price = price
    self.change24h = change24h
  }
}
