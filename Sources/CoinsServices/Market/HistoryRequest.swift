import CoinsModel

/// What history a chart wants of one coin, and how fresh and how honest it must be.
public struct HistoryRequest: Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The `vs_currency`.
  public var currency: String
  /// The span.
  public var window: HistoryWindow
  /// OHLC candles instead of prices.
  public var candles: Bool
  /// Reuse a cached answer younger than this many seconds; `nil`: the history's own spacing
  /// (``HistoryWindow/cacheAge(at:)``); `0`: always ask.
  public var maxAge: Double?
  /// Whether an older cache (or, for 7 days, the market's sparkline) may stand in when
  /// CoinGecko cannot be reached.
  public var allowFallback: Bool

  /// Creates a request.
  public init(
    id: String, currency: String, window: HistoryWindow, candles: Bool = false,
    maxAge: Double? = nil, allowFallback: Bool = true
  ) {
    self.id = id
    self.currency = currency
    self.window = window
    self.candles = candles
    self.maxAge = maxAge
    self.allowFallback = allowFallback
  }

  /// The cache file's name: `history-bitcoin-usd-7d`, `ohlc-bitcoin-usd-1y`; characters that
  /// cannot be in a file name are replaced.
  var cacheName: String {
    let safe = { (text: String) in
      String(
        text.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" }
      )
    }
    return "\(candles ? "ohlc" : "history")-\(safe(id))-\(safe(currency))-\(window.cacheKey)"
  }
}
