import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// Entry points for `coins-bench` (a release build cannot use `@testable import`): each runs
/// one internal step exactly as the commands run it. Not an API for anything else.
public enum BenchmarkHooks {
  /// A `/coins/markets` body decoded the way the client decodes it (fast path first).
  public static func decodeMarkets(_ body: Data) throws -> [Coin] {
    try MarketsDecoder.decode(body)
  }

  /// The same body through Foundation's `JSONDecoder` only: the reference route.
  public static func decodeMarketsWithJSONDecoder(_ body: Data) throws -> [Coin] {
    try MarketsDecoder.decodeWithFoundation(body)
  }

  /// Whether the fast decoder takes `body` without handing it to `JSONDecoder`.
  public static func fastPathAccepts(_ body: Data) -> Bool {
    MarketsFastDecoder.decode(body) != nil
  }

  /// The cache file's bytes for `snapshot`, and decoding them back (no file system).
  public static func cacheRoundTrip(_ snapshot: MarketSnapshot) -> Int {
    let data = MarketCache.encode(
      MarketCache.Entry(
        version: MarketCache.formatVersion, currency: snapshot.currency,
        fetchedAt: snapshot.asOf, coins: snapshot.coins))
    return MarketCache.decode(data)?.coins.count ?? -1
  }

  /// The cache file for `currency` in `cache`.
  public static func cacheFile(_ cache: MarketCache, currency: String) -> URL {
    cache.fileURL(currency: currency)
  }

  /// The sparkline resampling behind every table row: 168 points into `width` cells.
  public static func resampleSparkline(_ points: [Double], width: Int) -> [Double] {
    SparklineRenderer.resample(points, to: width)
  }
}
