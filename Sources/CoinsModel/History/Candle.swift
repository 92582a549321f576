/// One OHLC candle; its time is the candle's close, as CoinGecko gives it.
public struct Candle: Sendable, Equatable {
  /// The close of the candle, in whole milliseconds since 1970.
  public var milliseconds: Int64
  /// The first price of the candle.
  public var open: Double
  /// The highest price.
  public var high: Double
  /// The lowest price.
  public var low: Double
  /// The last price.
  public var close: Double

  /// Creates a candle.
  public init(milliseconds: Int64, open: Double, high: Double, low: Double, close: Double) {
    self.milliseconds = milliseconds
    self.open = open
    self.high = high
    self.low = low
    self.close = close
  }

  /// Whether the price closed at or above where it opened.
  public var isUp: Bool { close >= open }

  /// Neighbours shown as one: the open of the first, the close of the last, the high and low
  /// of all; timed at the last one's close. `nil` for none.
  public static func merged(_ candles: some Collection<Candle>) -> Candle? {
    guard let first = candles.first, var result = candles.first else { return nil }
    for candle in candles {
      result.high = max(result.high, candle.high)
      result.low = min(result.low, candle.low)
      result.close = candle.close
      result.milliseconds = candle.milliseconds
    }
    result.open = first.open
    return result
  }
}
