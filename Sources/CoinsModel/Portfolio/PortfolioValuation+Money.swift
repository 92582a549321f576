#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioValuation {
  /// A figure CoinGecko sent (a `Double`) as the decimal it is written as: `0.1` is 0.1.
  static func decimal(_ value: Double) -> Decimal? {
    JSONText.exact(value).flatMap { Decimal(string: $0) }
  }

  /// `value` rounded to `currency`'s minor unit, as the `Double` that is written as it.
  static func money(_ value: Decimal?, _ currency: String) -> Double? {
    MoneyRounding.rounded(value, in: currency)?.doubleValue
  }

  /// The sum of rounded figures, worked in decimals so that it carries no binary noise.
  static func sum(_ values: [Double]) -> Double {
    values.reduce(Decimal(0)) { $0 + (decimal($1) ?? 0) }.doubleValue
  }
}
