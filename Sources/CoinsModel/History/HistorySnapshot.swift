#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A history as a chart shows it: the prices (or candles), what span they cover, where they
/// came from and how old they are, and why they are not what was asked for, when they are not.
public struct HistorySnapshot: Sendable, Equatable {
  /// The prices, oldest first (with candles: their closes).
  public var history: PriceHistory
  /// The candles, when candles were asked for.
  public var candles: CandleSeries?
  /// The span shown: the one asked for, or `1y` when the plan limited it.
  public var window: HistoryWindow
  /// Live (fetched now, or a cache younger than its age), an older cache, or the sample.
  public var source: DataSource
  /// When the data was fetched.
  public var asOf: Date
  /// Why it is not live, when it is not.
  public var staleReason: String?
  /// The plan's message when a longer range was asked for and the last 365 days are shown.
  public var limitedBy: String?
  /// Whether this is the market's 7-day sparkline standing in for a 7-day history.
  public var fromSparkline: Bool

  /// Creates a snapshot.
  public init(
    history: PriceHistory, candles: CandleSeries? = nil, window: HistoryWindow,
    source: DataSource, asOf: Date, staleReason: String? = nil, limitedBy: String? = nil,
    fromSparkline: Bool = false
  ) {
    self.history = history
    self.candles = candles
    self.window = window
    self.source = source
    self.asOf = asOf
    self.staleReason = staleReason
    self.limitedBy = limitedBy
    self.fromSparkline = fromSparkline
  }

  /// A coin's 7-day sparkline (hourly points, the last at `end`) as a history.
  public static func sparkline(_ prices: [Double?], end: Date) -> PriceHistory {
    let last = (end.timeIntervalSince1970 * 1000).rounded(.down)
    return PriceHistory(
      raw: prices.enumerated().map { index, price in
        (last - Double(prices.count - 1 - index) * 3_600_000, price)
      })
  }
}
