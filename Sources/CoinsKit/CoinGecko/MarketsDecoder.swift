import Foundation

/// Turns a `/coins/markets` body into coins, or a ``CoinGeckoError/undecodable(excerpt:)``.
enum MarketsDecoder {
  /// Decodes the JSON array; a body of any other shape is undecodable.
  static func decode(_ body: Data) throws(CoinGeckoError) -> [Coin] {
    do {
      return try JSONDecoder().decode([MarketDTO].self, from: body).map(\.coin)
    } catch {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body))
    }
  }
}
