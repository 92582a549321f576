import CoinsModel

/// Prices the user imported for one coin in one currency from one file: the days they name.
package struct OwnPriceSeries: Equatable, Sendable {
  /// The coin as the file names it, lower-cased: a CoinGecko id or a ticker (`bitcoin`, `btc`).
  package var coin: String
  /// The currency, upper-cased.
  package var currency: String
  /// The file's name (no folder): `prices.csv`, `XBTUSD_1440.csv`.
  package var file: String
  /// Whether a day left out takes the last earlier open (Kraken's files leave out days without
  /// trades); a CSV's prices apply to the days they name only.
  package var carriesForward: Bool
  /// The price of each day named.
  package var prices: [UTCDay: ExactDecimal]

  /// Each member as given; the coin lower-cased, the currency upper-cased.
  package init(
    coin: String, currency: String, file: String, carriesForward: Bool,
    prices: [UTCDay: ExactDecimal]
  ) {
    self.coin = coin.lowercased()
    self.currency = currency.uppercased()
    self.file = file
    self.carriesForward = carriesForward
    self.prices = prices
  }

  /// Whether it prices `coin` (by id or ticker) in `currency`.
  package func prices(_ coin: PricedCoin, in currency: String) -> Bool {
    self.currency == currency.uppercased()
      && (self.coin == coin.id.lowercased() || self.coin == coin.symbol.lowercased())
  }
}
