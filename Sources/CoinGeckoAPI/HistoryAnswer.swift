import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `/coins/{id}/history` answer: `market_data.current_price` by currency, each an exact
/// decimal read from the number's own digits. Before a coin existed the answer has no
/// `market_data`: no prices.
package struct HistoryAnswer: Sendable, Equatable {
  /// The price at 00:00 UTC by lower-cased currency code; only positive, finite, plain prices.
  package var prices: [String: Decimal]

  /// `DD-MM-YYYY`, the day as `/history` takes it.
  package static func dayText(_ day: Date) -> String {
    let text = ISO8601Timestamp.format(day)
    let parts = text.prefix(10).split(separator: "-")
    return "\(parts[2])-\(parts[1])-\(parts[0])"
  }

  /// Decodes a body; a body that is not a JSON object is undecodable.
  package static func decode(_ body: Data, secrets: [String] = []) throws(CoinGeckoError)
    -> HistoryAnswer
  {
    guard let document = try? JSONValueParser.parse(Array(body)), document.objectMembers != nil
    else { throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets)) }
    var prices: [String: Decimal] = [:]
    for member in document["market_data"]?["current_price"]?.objectMembers ?? [] {
      guard case .number(let text) = member.value, let price = Self.price(text) else { continue }
      prices[member.key.lowercased()] = price
    }
    return HistoryAnswer(prices: prices)
  }

  /// A positive price from a JSON number's text (plain or scientific), at most 18 decimals.
  static func price(_ text: String) -> Decimal? {
    guard text.utf8.count <= 40, let value = Decimal(string: text), value > 0,
      value <= DecimalInput.maximum
    else { return nil }
    return DecimalInput.parse(DecimalInput.text(value))
  }
}
