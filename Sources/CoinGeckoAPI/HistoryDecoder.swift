import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes `/market_chart` (`{"prices":[[ms,price],…],…}`) and `/ohlc`
/// (`[[ms,open,high,low,close],…]`) answers into sanitized histories. Nulls, strings and
/// short rows inside the arrays are dropped point by point; a body of the wrong shape is
/// ``CoinGeckoError/undecodable(excerpt:)``.
package enum HistoryDecoder {
  /// The prices of a `/market_chart` or `/market_chart/range` answer.
  package static func prices(_ body: Data, redacting secrets: [String] = []) throws(CoinGeckoError)
    -> PriceHistory
  {
    guard let root = try? JSONValueParser.parse(Array(body)),
      let rows = root["prices"]?.arrayValue
    else { throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets)) }
    return PriceHistory(
      raw: rows.map { row in
        let values = row.arrayValue ?? []
        return (number(values.first), values.count >= 2 ? number(values[1]) : nil)
      })
  }

  /// The candles of an `/ohlc` answer.
  package static func candles(_ body: Data, redacting secrets: [String] = []) throws(CoinGeckoError)
    -> CandleSeries
  {
    guard let root = try? JSONValueParser.parse(Array(body)), let rows = root.arrayValue else {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
    }
    return CandleSeries(raw: rows.map { ($0.arrayValue ?? []).map(number) })
  }

  private static func number(_ value: JSONValue?) -> Double? {
    guard case .number(let text)? = value else { return nil }
    return Double(text)
  }
}
