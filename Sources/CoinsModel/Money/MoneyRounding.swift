#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Money as reports show it: rounded once, from the exact figure, to the currency's minor unit
/// (``MinorUnit``), half to even — 0.125 is 0.12 and 0.135 is 0.14, so that rounding many
/// figures adds no drift either way.
public enum MoneyRounding {
  /// `value` rounded to `currency`'s minor unit; `nil` stays `nil`.
  public static func rounded(_ value: Decimal?, in currency: String) -> Decimal? {
    value.map { rounded($0, digits: MinorUnit.digits(of: currency)) }
  }

  /// `value` rounded half to even to `digits` digits after the point, worked on its exact
  /// digits (``ExactDecimal``'s integer significand).
  public static func rounded(_ value: Decimal, digits: Int) -> Decimal {
    // Most figures (a price typed in cents, a whole cost) have no digit to drop.
    guard value.isFinite, value.exponent < -digits else { return value }
    return rounded(ExactDecimal(value), digits: digits).decimal
  }

  /// `value` rounded half to even to `digits` digits after the point.
  package static func rounded(_ value: ExactDecimal, digits: Int) -> ExactDecimal {
    let drop = -digits - value.exponent
    guard drop > 0 else { return value }
    // A significand has at most 39 digits: dropping more than 38 leaves less than half a unit.
    guard drop <= 38 else { return .zero }
    let divisor = ExactDecimal.powersOfTen[drop]
    // Divided in 64 bits when both fit (most figures): a tenth of a 128-bit division's cost.
    let (kept, dropped): (UInt128, UInt128)
    if drop <= 19, let small = UInt64(exactly: value.significand) {
      let (quotient, remainder) = small.quotientAndRemainder(dividingBy: UInt64(divisor))
      (kept, dropped) = (UInt128(quotient), UInt128(remainder))
    } else {
      (kept, dropped) = value.significand.quotientAndRemainder(dividingBy: divisor)
    }
    let rest = divisor - dropped
    let up = dropped > rest || (dropped == rest && kept % 2 == 1)
    return ExactDecimal.compacted(
      kept + (up ? 1 : 0), exponent: value.exponent + drop, isNegative: value.isNegative)
  }

  /// `lhs − rhs` rounded half to even to `digits` digits after the point, as
  /// ``rounded(_:digits:)`` rounds the `Decimal` of the exact difference (a gain: proceeds
  /// minus cost basis), without making that `Decimal` first; `nil` when either is unknown.
  package static func roundedDifference(_ lhs: Decimal?, _ rhs: Decimal?, digits: Int)
    -> Decimal?
  {
    guard let lhs, let rhs else { return nil }
    let difference = ExactDecimal(lhs) - ExactDecimal(rhs)
    // Beyond `Decimal`'s exponents the difference is rounded by `Decimal` itself first.
    guard (-128...127).contains(difference.exponent) else {
      return rounded(difference.decimal, digits: digits)
    }
    return rounded(difference, digits: digits).decimal
  }

  /// The sum of already rounded figures: `nil` when any is unknown.
  public static func sum(_ figures: [Decimal?]) -> Decimal? {
    var total = ExactDecimal.zero
    for figure in figures {
      guard let figure else { return nil }
      total += ExactDecimal(figure)
    }
    return total.decimal
  }
}

extension MoneyRounding {
  /// `value` rounded to `currency`'s minor unit and written with exactly that many digits after
  /// the point (`7098.50`, `150000`), as a form or a spreadsheet takes money.
  public static func fixedText(_ value: Decimal, in currency: String) -> String {
    let digits = MinorUnit.digits(of: currency)
    var text = DecimalInput.text(rounded(value, digits: digits))
    guard digits > 0 else { return text }
    let written = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
    if written == nil { text += "." }
    return text + String(repeating: "0", count: digits - (written ?? 0))
  }
}
