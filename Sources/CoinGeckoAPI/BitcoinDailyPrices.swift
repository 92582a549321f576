import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bitcoin's price by UTC day, read from a `market_chart` answer (`{"prices":[[ms,price],…]}`,
/// daily at 00:00 UTC over 90 days, then a last live point, which is left out), and today's
/// price of 1 BTC in every currency from `/exchange_rates` (`{"rates":{"usd":{"value":…}}}`).
/// Every price is an exact decimal from the number's digits; nulls, garbage and absurd values
/// are skipped.
package enum BitcoinDailyPrices {
  /// Price by day number (days since 1970-01-01) from a `market_chart` body.
  package static func decode(_ body: Data, secrets: [String] = []) throws(CoinGeckoError)
    -> [Int: Decimal]
  {
    guard let document = try? JSONValueParser.parse(Array(body)),
      let points = document["prices"]?.arrayValue
    else { throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets)) }
    var prices: [Int: Decimal] = [:]
    for point in points.dropLast() {
      guard let pair = point.arrayValue, pair.count == 2,
        case .number(let timeText) = pair[0], let millis = Double(timeText), millis.isFinite,
        case .number(let priceText) = pair[1], let price = HistoryAnswer.price(priceText)
      else { continue }
      prices[Int((millis / 86_400_000).rounded(.down))] = price
    }
    return prices
  }

  /// Today's price of 1 BTC by lower-cased currency code from an `/exchange_rates` body.
  package static func today(_ body: Data, secrets: [String] = []) throws(CoinGeckoError)
    -> [String: Decimal]
  {
    guard let document = try? JSONValueParser.parse(Array(body)),
      let members = document["rates"]?.objectMembers
    else { throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets)) }
    var prices: [String: Decimal] = [:]
    for member in members {
      guard case .number(let text)? = member.value["value"], let price = HistoryAnswer.price(text)
      else { continue }
      prices[member.key.lowercased()] = price
    }
    return prices
  }
}
