/// One host the request budget paces, with its starting rate: requests a minute and how many may
/// go at once after a quiet spell (the bucket's size).
package struct BudgetHost: Hashable, Sendable {
  /// How messages name it: `CoinGecko`.
  package var name: String
  /// Requests a minute.
  package var perMinute: Double
  /// The most requests sent back to back.
  package var burst: Double
  /// Where the host counts request weight a minute instead of requests (Binance's
  /// `x-mbx-used-weight-1m`): the header, the limit and what one request weighs.
  package var usedWeight: UsedWeight?

  /// A host's request-weight count: `header` says the weight used this minute, of `limit`.
  package struct UsedWeight: Hashable, Sendable {
    /// The header, lower-cased: `x-mbx-used-weight-1m`.
    package var header: String
    /// The weight allowed a minute.
    package var limit: Double
    /// What one request weighs.
    package var perRequest: Double
  }

  /// Each member as given.
  package init(name: String, perMinute: Double, burst: Double = 1, usedWeight: UsedWeight? = nil) {
    self.name = name
    self.perMinute = perMinute
    self.burst = max(1, burst)
    self.usedWeight = usedWeight
  }

  /// CoinGecko without a key: 10 a minute, evenly spaced (a keyless caller shares the limit
  /// with everyone behind its address, so no burst).
  package static let coinGeckoKeyless = BudgetHost(name: "CoinGecko", perMinute: 10)
  /// CoinGecko with a Demo key: 30 a minute.
  package static let coinGeckoDemo = BudgetHost(name: "CoinGecko", perMinute: 30)
  /// CoinGecko with a Pro key: 500 a minute (the smallest paid plan's rate).
  package static let coinGeckoPro = BudgetHost(name: "CoinGecko", perMinute: 500, burst: 5)
  /// Coinbase Exchange's public endpoints: 10 requests a second per IP, bursts up to 15
  /// (docs.cdp.coinbase.com, "REST Rate Limits").
  package static let coinbase = BudgetHost(name: "Coinbase", perMinute: 600, burst: 15)
  /// Binance: 6,000 request weight a minute per IP, a 1,000-row klines request weighing 2
  /// (developers.binance.com, "LIMITS" and "Kline/Candlestick data"): 3,000 requests a minute.
  package static let binance = BudgetHost(
    name: "Binance", perMinute: 3_000, burst: 20,
    usedWeight: UsedWeight(header: "x-mbx-used-weight-1m", limit: 6_000, perRequest: 2))
  /// The ECB publishes no limit: a polite 30 a minute.
  package static let ecb = BudgetHost(name: "the ECB", perMinute: 30, burst: 2)
}
