import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `/exchange_rates`: `{"rates":{"eur":{"name","unit","value","type"},…}}`, every value
/// the units of that currency one bitcoin buys.
package enum ExchangeRatesDecoder {
  /// The rates, by code; rates that are not a positive finite number are left out.
  package static func decode(_ body: Data, redacting secrets: [String] = [])
    throws(CoinGeckoError) -> [ExchangeRate]
  {
    let document = try JSONValue.parse(body, redacting: secrets)
    guard let rates = document["rates"]?.objectMembers else {
      throw JSONValue.wrongShape(body, redacting: secrets)
    }
    return rates.compactMap { member in
      let code = Sanitizer.clean(member.key).lowercased()
      guard !code.isEmpty, let value = member.value["value"]?.finiteNumber, value > 0 else {
        return nil
      }
      return ExchangeRate(
        code: code, name: member.value["name"]?.cleanString ?? code.uppercased(),
        perBitcoin: value, kind: member.value["type"]?.cleanString ?? "")
    }
  }
}
