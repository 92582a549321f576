import CoinGeckoAPI

/// What a command wants from the market.
public struct MarketRequest: Sendable, Equatable {
  /// The `vs_currency` code, lower-case.
  public var currency: String
  /// How many coins by market cap (1…1000).
  public var count: Int
  /// Coins wanted besides the top `count` (e.g. portfolio holdings), by CoinGecko id.
  public var extraIDs: [String]
  /// A cached answer younger than this many seconds is used without asking the API.
  public var maxAge: Double
  /// Whether a failed fetch may fall back to an older cache or the bundled sample.
  public var allowFallback: Bool
  /// A CoinGecko category id (`layer-1`): only its coins, cached apart from the whole market,
  /// with no sample to fall back to.
  public var category: String?

  /// How old (in seconds) a cached answer may be unless the command says otherwise: written
  /// here once, for `--max-age`'s default, its help and the config file's `max_age`.
  public static let defaultMaxAge: Double = 60

  /// Creates a request.
  public init(
    currency: String = "usd", count: Int = 250, extraIDs: [String] = [],
    maxAge: Double = MarketRequest.defaultMaxAge,
    allowFallback: Bool = true, category: String? = nil
  ) {
    self.currency = currency.lowercased()
    self.count = count
    self.extraIDs = extraIDs
    self.maxAge = maxAge
    self.allowFallback = allowFallback
    self.category = category?.lowercased()
  }

  /// Market pages of 250 needed for `count` coins: at least one (the top 250 is always
  /// fetched), except for a count of 0 — a watchlist, fetched by its ids alone.
  package var pageCount: Int {
    guard count > 0 else { return 0 }
    return max(1, (count + CoinGeckoEndpoint.maxPerPage - 1) / CoinGeckoEndpoint.maxPerPage)
  }

  /// The sparklines a cached answer must bring: those of the coins asked for.
  var sparklines: MarketCache.Sparklines { .top(count: count, ids: Set(extraIDs)) }
}
