import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `/simple/price`: `{"bitcoin":{"usd":76975,"usd_24h_change":-1.4,"last_updated_at":…}}`.
package enum SimplePriceDecoder {
  /// One price per id asked for, in order; an id CoinGecko left out (or sent nonsense for)
  /// gets unknown figures. A body that is not an object is undecodable; one whose entries
  /// all lack the currency (CoinGecko's answer for a code it does not price in) is
  /// ``CoinGeckoError/unknownCurrency(_:)``.
  package static func decode(
    _ body: Data, ids: [String], currency: String, redacting secrets: [String] = []
  ) throws(CoinGeckoError) -> [CoinPrice] {
    let document = try JSONValue.parse(body, redacting: secrets)
    guard document.objectMembers != nil else {
      throw JSONValue.wrongShape(body, redacting: secrets)
    }
    let entries = ids.compactMap { document[$0]?.objectMembers }
    if !entries.isEmpty, !entries.contains(where: { $0.contains { $0.key == currency } }) {
      throw .unknownCurrency(Sanitizer.printable(currency))
    }
    return ids.map { id in
      guard let entry = document[id], entry.objectMembers != nil else {
        return CoinPrice(id: id, price: nil)
      }
      return CoinPrice(
        id: id, price: entry[currency]?.nonNegativeNumber,
        change24h: entry["\(currency)_24h_change"]?.finiteNumber,
        updatedAt: entry["last_updated_at"]?.unixDate)
    }
  }
}
