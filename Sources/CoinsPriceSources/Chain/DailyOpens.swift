import CoinsModel

/// What one source answered for one coin over a span of days: the daily opens it has (days it
/// left out are simply absent), the pair they were read from and how they are valued.
package struct DailyOpens: Sendable, Equatable {
  /// The open of each day the source has.
  package var opens: [UTCDay: ExactDecimal]
  /// The pair or series: `BTC-USD`, `BTCUSDT`, `bitcoin`.
  package var pair: String
  /// The file, for your prices.
  package var file: String?
  /// The file of each day where days come from several files (your prices): over ``file``.
  package var files: [UTCDay: String] = [:]
  /// Valued in USD at 1 USDT = 1 USD.
  package var viaUSDT: Bool
  /// The currency the source priced in, where its opens were converted at the ECB's rates.
  package var convertedFrom: String?
  /// The ECB rate each day's open was converted at, where it was.
  package var conversions: [UTCDay: FiatRate] = [:]
  /// Whether a day left out may take an earlier day's open (exchange candles and Kraken's
  /// files leave out days without trades; CoinGecko and your CSV prices do not).
  package var carriesForward: Bool

  /// Each member as given.
  package init(
    opens: [UTCDay: ExactDecimal], pair: String, file: String? = nil, viaUSDT: Bool = false,
    carriesForward: Bool
  ) {
    self.opens = opens
    self.pair = pair
    self.file = file
    self.viaUSDT = viaUSDT
    self.carriesForward = carriesForward
  }

  /// The open for `day`: its own, else (where this series carries forward) the last earlier
  /// open within `limit` days, with how many days back it is.
  package func open(on day: UTCDay, carryingForwardAtMost limit: Int) -> (
    price: ExactDecimal, daysBack: Int
  )? {
    if let own = opens[day] { return (own, 0) }
    guard carriesForward else { return nil }
    for back in stride(from: 1, through: limit, by: 1) {
      if let earlier = opens[day.adding(days: -back)] { return (earlier, back) }
    }
    return nil
  }
}
