import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading the small answers (`/simple/price`, `/search/trending`, `/coins/categories`,
/// `/exchange_rates`) without trusting them: a member of the wrong type, a non-finite or
/// impossible number, or a missing one is "unknown", never a crash and never a made-up 0.
extension JSONValue {
  /// The number, when this is a finite one.
  var finiteNumber: Double? {
    guard case .number(let text) = self, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// The number, when this is a finite one that is not negative (a price, a cap, a volume).
  var nonNegativeNumber: Double? {
    finiteNumber.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// A rank: a whole number from 1 (CoinGecko never ranks past a few hundred thousand).
  var rank: Int? {
    guard let value = finiteNumber, value >= 1, value < 10_000_000, value == value.rounded()
    else { return nil }
    return Int(value)
  }

  /// Seconds since 1970 as a date, when they make one between 1970 and 9999.
  var unixDate: Date? {
    guard let seconds = finiteNumber, seconds > 0, seconds < 253_402_300_800 else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// The string, sanitized, when this is a non-empty one.
  var cleanString: String? {
    guard let text = stringValue else { return nil }
    let cleaned = Sanitizer.clean(text)
    return cleaned.isEmpty ? nil : cleaned
  }

  /// Parses a body, or reports it as undecodable (an excerpt scrubbed of `secrets`).
  static func parse(_ body: Data, redacting secrets: [String]) throws(CoinGeckoError) -> JSONValue {
    do {
      return try JSONValueParser.parse(Array(body))
    } catch {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
    }
  }

  /// The same error for a body that parses but has the wrong shape.
  static func wrongShape(_ body: Data, redacting secrets: [String]) -> CoinGeckoError {
    .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
  }
}
