#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioValuation {
  /// A figure CoinGecko sent (a `Double`) as the decimal it is written as: `0.1` is 0.1 (an
  /// integer without a fraction, others in Swift's shortest round-trip form, as JSON and CSV
  /// write them); `nil` when it is not finite.
  static func decimal(_ value: Double) -> Decimal? {
    guard value.isFinite else { return nil }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return Decimal(string: String(Int64(value)))
    }
    return Decimal(string: "\(value)")
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
