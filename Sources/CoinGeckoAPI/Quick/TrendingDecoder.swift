import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `/search/trending`: `{"coins":[{"item":{"id","name","symbol","market_cap_rank",
/// "data":{"price","price_change_percentage_24h":{"usd":…}}}}],"nfts":[…],"categories":[…]}`.
package enum TrendingDecoder {
  /// The trending coins in CoinGecko's order; items without an id, symbol or name are skipped.
  package static func decode(_ body: Data, redacting secrets: [String] = [])
    throws(CoinGeckoError) -> [TrendingCoin]
  {
    let document = try JSONValue.parse(body, redacting: secrets)
    guard let items = document["coins"]?.arrayValue else {
      throw JSONValue.wrongShape(body, redacting: secrets)
    }
    return items.compactMap { element in
      guard let item = element["item"], let id = item["id"]?.cleanString,
        let symbol = item["symbol"]?.cleanString, let name = item["name"]?.cleanString
      else { return nil }
      let data = item["data"]
      return TrendingCoin(
        id: id, symbol: symbol.lowercased(), name: name, rank: item["market_cap_rank"]?.rank,
        price: data?["price"]?.nonNegativeNumber,
        change24h: data?["price_change_percentage_24h"]?["usd"]?.finiteNumber)
    }
  }
}
