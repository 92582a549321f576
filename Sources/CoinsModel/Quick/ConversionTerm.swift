/// One side of a conversion: a currency CoinGecko prices in, or a coin.
public enum ConversionTerm: Sendable, Equatable {
  /// A `vs_currency` code such as `eur` or `btc`.
  case currency(code: String)
  /// A coin, by CoinGecko id.
  case coin(SearchResult)

  /// How the term is written after an amount: `EUR`, `BTC`.
  public var label: String {
    switch self {
    case .currency(let code): code.uppercased()
    case .coin(let coin): coin.symbol.uppercased()
    }
  }
}
