/// Where one day's price came from, as every output names it: the source, the pair it was read
/// from, and how it was reached (carried forward from an earlier day, through USDT, a pair not
/// checked against CoinGecko).
package struct PriceProvenance: Hashable, Sendable {
  /// The source.
  package var source: PriceSourceName
  /// The pair or series it was read from: `BTC-USD`, `BTCUSDT`, `XXBTZUSD`, `bitcoin`.
  package var pair: String?
  /// The file your price came from, for your prices.
  package var file: String?
  /// How many days earlier the open was taken from (0: the day's own).
  package var carriedForwardDays: Int
  /// Valued in USD at 1 USDT = 1 USD.
  package var viaUSDT: Bool
  /// The pair had no day in common with CoinGecko to be checked against.
  package var unverified: Bool
  /// The currency the source priced in, where the price was converted at the ECB's rate.
  package var convertedFrom: String?
  /// The ECB's rate it was converted at.
  package var conversion: FiatRate?

  /// Each member as given.
  package init(
    source: PriceSourceName, pair: String? = nil, file: String? = nil, carriedForwardDays: Int = 0,
    viaUSDT: Bool = false, unverified: Bool = false
  ) {
    self.source = source
    self.pair = pair
    self.file = file
    self.carriedForwardDays = carriedForwardDays
    self.viaUSDT = viaUSDT
    self.unverified = unverified
  }

  /// The short label of tables and JSON: `coinbase`, `binance via USDT`, `yours`, with
  /// `, carried forward 2 days`, `, unverified` and `, from USD at the ECB's rate (of
  /// 2024-05-03)` where they apply.
  package var label: String {
    var text = source.rawValue
    if viaUSDT { text += " via USDT" }
    if carriedForwardDays > 0 {
      text += ", carried forward \(carriedForwardDays) day\(carriedForwardDays == 1 ? "" : "s")"
    }
    if unverified { text += ", unverified" }
    if let convertedFrom, let conversion {
      text += ", from \(convertedFrom) at the ECB's rate"
      if conversion.fixingDay != conversion.day { text += " of \(conversion.fixingDay)" }
    }
    return text
  }
}
