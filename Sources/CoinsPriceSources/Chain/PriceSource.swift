/// One place a daily price can come from: your prices, CoinGecko, Coinbase, Binance.
///
/// A source is handed its transport (never asks the network itself) and answers for a span of
/// days at once, so a chart or an import asks one request per page, never one per day.
package protocol PriceSource: Sendable {
  /// How outputs name it.
  var name: PriceSourceName { get }

  /// The opens of `coin` in `currency` (upper-cased: `USD`) on the days of `days` it has, or
  /// why it has none.
  func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>) async
    -> PriceSourceAnswer

  /// Whether it has hourly candles (`[prices] precision = "hour"`): Coinbase and Binance.
  var hasHourlyCandles: Bool { get }

  /// The opens of `coin` in `currency` at the UTC hours of `hours` (hours since 1970) it has;
  /// `nil` when it has no hourly candles in `currency`.
  func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>) async
    -> HourlyAnswer?

  /// The most hourly candles one request carries (Coinbase 300, Binance 1,000), so that the
  /// chain asks the hours it needs in as few requests as can carry them.
  var hourlyPage: Int { get }
}

extension PriceSource {
  /// No hourly candles, by default.
  package var hasHourlyCandles: Bool { false }

  /// Coinbase's page, the smaller, by default.
  package var hourlyPage: Int { 300 }

  /// No hourly candles, by default.
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  { nil }
}

/// What a source answered for one coin and span.
package enum PriceSourceAnswer: Sendable, Equatable {
  /// The opens it has (possibly none of the days asked).
  case opens(DailyOpens)
  /// It cannot price this coin or currency at all, and why: `Coinbase quotes only USD, EUR and
  /// GBP`, `Binance is unavailable here (HTTP 451)`, `CoinGecko's rate limit`.
  case unavailable(String)
  /// The source does not list the pair at all (Coinbase's 404, Binance's "invalid symbol"),
  /// and why (`Coinbase lists no ETH-USD`): said as ``unavailable(_:)`` is, and remembered by
  /// the cache for a day (``UnlistedPair``), so a warm run does not ask again.
  case unlisted(String)
}
