/// A coin as the price sources are asked about it: its CoinGecko id and its ticker.
package struct PricedCoin: Hashable, Sendable {
  /// The CoinGecko id, e.g. `bitcoin`.
  package var id: String
  /// The ticker, upper-cased, e.g. `BTC`.
  package var symbol: String
  /// The ticker the exchanges list it under when `[prices.pairs]` names one (an override is
  /// trusted: its pair is not checked against CoinGecko).
  package var pairOverride: String?

  /// A coin; the symbol is upper-cased.
  package init(id: String, symbol: String, pairOverride: String? = nil) {
    self.id = id
    self.symbol = symbol.uppercased()
    self.pairOverride = pairOverride?.uppercased()
  }

  /// The base of its exchange pairs: the override, else the ticker.
  package var exchangeBase: String { pairOverride ?? symbol }
}
