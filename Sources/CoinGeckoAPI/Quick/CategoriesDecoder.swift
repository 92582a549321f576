import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `/coins/categories`: `[{"id","name","market_cap","market_cap_change_24h","volume_24h",
/// "updated_at",…}]`.
package enum CategoriesDecoder {
  /// The categories in CoinGecko's order; entries without an id or name are skipped.
  package static func decode(_ body: Data, redacting secrets: [String] = [])
    throws(CoinGeckoError) -> [CoinCategory]
  {
    let document = try JSONValue.parse(body, redacting: secrets)
    guard let entries = document.arrayValue else {
      throw JSONValue.wrongShape(body, redacting: secrets)
    }
    return entries.compactMap { entry in
      guard let id = entry["id"]?.cleanString, let name = entry["name"]?.cleanString else {
        return nil
      }
      return CoinCategory(
        id: id, name: name, marketCap: entry["market_cap"]?.nonNegativeNumber,
        change24h: entry["market_cap_change_24h"]?.finiteNumber,
        volume: entry["volume_24h"]?.nonNegativeNumber,
        updatedAt: entry["updated_at"]?.stringValue.flatMap(ISO8601Timestamp.parse))
    }
  }
}
