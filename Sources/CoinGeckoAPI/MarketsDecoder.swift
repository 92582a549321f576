import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a `/coins/markets` body into coins, or a ``CoinGeckoError/undecodable(excerpt:)``.
///
/// The answer is large (about 1.2 MB for 250 coins with sparklines), so it goes through
/// ``MarketsFastDecoder`` first; whatever that declines goes to `JSONDecoder`, which has the
/// last word, so both routes give the same coins or the same error.
public enum MarketsDecoder {
  /// Decodes the JSON array; a body of any other shape is undecodable, its excerpt scrubbed
  /// of `secrets` (the API key, should a server echo it).
  public static func decode(_ body: Data, redacting secrets: [String] = []) throws(CoinGeckoError)
    -> [Coin]
  {
    if let coins = MarketsFastDecoder.decode(body, { $0.coin }) {
      StartupTrace.mark("answer-read")
      return coins
    }
    return try decodeWithFoundation(body, redacting: secrets)
  }

  /// The fast decoder alone: the coins, or `nil` when it declines.
  public static func decodeFast(_ body: Data) -> [Coin]? {
    MarketsFastDecoder.decode(body) { $0.coin }
  }

  /// The reference route: Foundation's `JSONDecoder` into ``MarketDTO``.
  public static func decodeWithFoundation(_ body: Data, redacting secrets: [String] = [])
    throws(CoinGeckoError) -> [Coin]
  {
    do {
      return try JSONDecoder().decode([MarketDTO].self, from: body).map(\.coin)
    } catch {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
    }
  }
}
