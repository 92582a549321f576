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
  /// The UTC hour (0–23) whose open this is, by `[prices] precision = "hour"`; `nil`: the day's.
  package var hour: Int?
  /// Asked for an hour's open, this is the day's: no source had an hourly candle for it (or
  /// your prices named the day).
  package var dayOpenFallback = false

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
  /// `, open of 10:00 UTC` or `, day's open` (by hour precision), `, carried forward 2 days`,
  /// `, unverified` and `, from USD at the ECB's rate (of 2024-05-03)` where they apply.
  package var label: String {
    var text = source.rawValue
    if viaUSDT { text += " via USDT" }
    if let hour { text += ", open of \(Self.clock(hour))" }
    if dayOpenFallback { text += ", day's open" }
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

  /// `09:00 UTC`.
  package static func clock(_ hour: Int) -> String {
    (hour < 10 ? "0" : "") + "\(hour):00 UTC"
  }
}
