/// One side of a conversion: a currency CoinGecko prices in, or a coin.
public enum ConversionTerm: Sendable, Equatable {
  /// A `vs_currency` code such as `eur` or `btc`.
  case currency(code: String)
  /// A coin, by CoinGecko id.
  case coin(SearchResult)

  /// `vs_currency` codes that are coins too: written like coin amounts (`0.0333333 ETH`, not
  /// `Ξ0.03`), and, beside a coin, priced as coins (both in USD, which every coin has).
  public static let cryptoCurrencyCodes: Set<String> = [
    "btc", "eth", "ltc", "bch", "bnb", "eos", "xrp", "xlm", "link", "dot", "yfi", "sol", "bits",
    "sats",
  ]

  /// How the term is written after an amount: `EUR`, `BTC`.
  public var label: String {
    switch self {
    case .currency(let code): code.uppercased()
    case .coin(let coin): coin.symbol.uppercased()
    }
  }
}
