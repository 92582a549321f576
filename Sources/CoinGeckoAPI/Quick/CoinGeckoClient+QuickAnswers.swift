import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinGeckoClient {
  /// One page of a category's market (`/coins/markets?category=…`), like ``markets(currency:page:perPage:)``.
  public func markets(currency: String, category: String, page: Int) async throws(CoinGeckoError)
    -> [Coin]
  {
    let body = try await get(.categoryMarkets(currency: currency, category: category, page: page))
    return try MarketsDecoder.decode(body, redacting: secrets)
  }

  /// The raw `/simple/price` answer for these ids in `currency`, checked to decode.
  package func simplePrices(ids: [String], currency: String) async throws(CoinGeckoError) -> (
    body: Data, prices: [CoinPrice]
  ) {
    let body = try await get(.simplePrice(ids: ids, currency: currency))
    let prices = try SimplePriceDecoder.decode(
      body, ids: ids, currency: currency, redacting: secrets)
    return (body, prices)
  }

  /// The raw `/search/trending` answer, checked to decode.
  package func trending() async throws(CoinGeckoError) -> Data {
    let body = try await get(.trending)
    _ = try TrendingDecoder.decode(body, redacting: secrets)
    return body
  }

  /// The raw `/coins/categories` answer, checked to decode.
  package func categories() async throws(CoinGeckoError) -> Data {
    let body = try await get(.categories)
    _ = try CategoriesDecoder.decode(body, redacting: secrets)
    return body
  }
}
