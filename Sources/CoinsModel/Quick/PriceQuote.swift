/// A price with the coin it belongs to, as `coins price` shows it.
public struct PriceQuote: Sendable, Equatable {
  /// The coin: id, symbol, name and rank.
  public var coin: SearchResult
  /// Its price; `nil` figures when CoinGecko had none for it.
  public var price: CoinPrice

  /// Creates a value from its parts.
  public init(coin: SearchResult, price: CoinPrice) {
    self.coin = coin
    self.price = price
  }
}
