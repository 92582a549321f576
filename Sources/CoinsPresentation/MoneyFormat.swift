import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Money coins computed, for people: rounded to the currency's minor unit (``MinorUnit``), half
/// to even, grouped by thousands and written with the unit's digits — `$1,234.50`, `¥150,000`,
/// `BHD 1.250` — except that a coin's 8 lose their trailing zeros down to two (`₿0.50`,
/// `₿0.12345678`). Prices keep ``NumberFormat/price(_:currency:)``'s significant digits.
public enum MoneyFormat {
  /// `value` as money in `currency`; "—" when unknown.
  public static func text(_ value: Decimal?, currency: CurrencyStyle) -> String {
    guard let value else { return NumberFormat.unknown }
    var digits = MoneyRounding.fixedText(value < 0 ? -value : value, in: currency.code)
    if MinorUnit.digits(of: currency.code) == 8 {
      while digits.hasSuffix("0"), let point = digits.firstIndex(of: "."),
        digits.distance(from: point, to: digits.endIndex) > 3
      {
        digits.removeLast()
      }
    }
    let point = digits.firstIndex(of: ".") ?? digits.endIndex
    let whole = digits[..<point]
    var grouped = ""
    for (index, character) in whole.enumerated() {
      if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(character)
    }
    let negative = value < 0 && MoneyRounding.rounded(value, in: currency.code) != 0
    return (negative ? "-" : "") + currency.prefix + grouped + digits[point...]
  }

  /// `value` as money with its sign, `+` for 0 too: `+$3,990.00`, `-$500.00`; `unknown` when
  /// unknown.
  public static func signed(_ value: Decimal?, currency: CurrencyStyle, unknown: String = "—")
    -> String
  {
    guard let value else { return unknown }
    let text = Self.text(value < 0 ? -value : value, currency: currency)
    let negative = MoneyRounding.rounded(value, in: currency.code).map { $0 < 0 } ?? false
    return (negative ? "-" : "+") + text
  }
}

extension MoneyFormat {
  /// A money figure held as a `Double` (a valuation's, already rounded) as money text.
  public static func text(_ value: Double?, currency: CurrencyStyle) -> String {
    text(decimal(value), currency: currency)
  }

  /// The decimal a `Double` is written as; `nil` when unknown or not finite.
  static func decimal(_ value: Double?) -> Decimal? {
    value.flatMap(JSONText.exact).flatMap { Decimal(string: $0) }
  }
}
