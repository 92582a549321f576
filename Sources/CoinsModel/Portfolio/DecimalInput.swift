#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads amounts and prices the user typed (or the file stores) as exact decimals.
///
/// Only plain decimal notation is accepted — digits with at most one point, like `0.5`, `10`,
/// `.25` — so `nan`, `inf`, `1e999`, `-1` and `0x10` are refused rather than guessed at.
public enum DecimalInput {
  /// The largest amount or price accepted.
  public static let maximum = Decimal(string: "1000000000000000")!
  /// The most digits after the point.
  public static let maxFractionDigits = 18

  /// The decimal value of `text`, or `nil` when it is not plain decimal notation in range.
  public static func parse(_ text: String) -> Decimal? {
    if let value = plainValue(text) { return value }
    let trimmed = text.trimmingWhitespace()
    var sawDigit = false
    var sawPoint = false
    var fractionDigits = 0
    for byte in trimmed.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
        if sawPoint { fractionDigits += 1 }
      case UInt8(ascii: ".") where !sawPoint:
        sawPoint = true
      default:
        return nil
      }
    }
    guard sawDigit, fractionDigits <= maxFractionDigits, trimmed.utf8.count <= 40,
      let value = Decimal(string: trimmed),
      ExactDecimal(value) <= limit
    else { return nil }
    return value
  }

  /// ``maximum``, to compare with.
  private static let limit = ExactDecimal(maximum)

  /// The value of the usual text — digits and at most one point, no white space, more than 0,
  /// at most 19 significant digits and 18 after the point — built from its digits (a tenth of
  /// the time `Decimal(string:)` takes, which matters for a file of 100,000 transactions), the
  /// same value in the same form (``DecimalInputTests`` compares them); `nil` for anything
  /// else, which ``parse(_:)`` then reads the long way.
  package static func plainValue(_ text: String) -> Decimal? {
    var text = text
    return text.withUTF8(plainValue)
  }

  /// ``plainValue(_:)`` of the text whose UTF-8 is `bytes`.
  package static func plainValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var sawPoint = false
    var count = 0
    for byte in bytes {
      count += 1
      if byte == UInt8(ascii: ".") {
        guard !sawPoint else { return nil }
        sawPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      if sawPoint { fractionDigits += 1 }
      // Leading zeros are not significant digits.
      if significand == 0 && byte == UInt8(ascii: "0") { continue }
      digits += 1
      guard digits <= 19 else { return nil }
      significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
    }
    guard significand > 0, fractionDigits <= maxFractionDigits, count <= 40 else { return nil }
    // At most ``maximum`` (10¹⁵): at most 10^(15 + fraction digits) as digits; always, with 4
    // or more fraction digits, as 19 digits are less than 10¹⁹.
    let largest: UInt64? =
      switch fractionDigits {
      case 0: 1_000_000_000_000_000
      case 1: 10_000_000_000_000_000
      case 2: 100_000_000_000_000_000
      case 3: 1_000_000_000_000_000_000
      default: nil
      }
    guard largest.map({ significand <= $0 }) ?? true else { return nil }
    return Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
  }

  /// A positive amount (more than 0).
  public static func amount(_ text: String) -> Decimal? {
    guard let value = parse(text), !value.isZero else { return nil }
    return value
  }

  /// The canonical text of a decimal, as stored in the file: `0.5`, `42000`.
  public static func text(_ value: Decimal) -> String {
    guard !value.isNaN else { return value.description }
    return ExactDecimal(value).rounded(fractionDigits: maxFractionDigits).text
  }

  /// `value` rounded half away from zero to at most `fractionDigits` digits after the point.
  public static func rounded(_ value: Decimal, fractionDigits: Int) -> Decimal {
    guard value.isFinite else { return value }
    return ExactDecimal(value).rounded(fractionDigits: fractionDigits).decimal
  }

  /// The canonical text of `value` (``text(_:)``) handed to `body` as UTF-8 bytes, made on the
  /// stack rather than as a string: for a file or an answer of 100,000 figures.
  package static func withText<Result>(
    _ value: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withCanonicalText(value, body)
  }

  /// ``withText(_:_:)`` for a writer's `body`, which returns nothing. Not generic, so that a
  /// caller in another module runs code specialized here: the generic one looks up the metadata
  /// of its stack buffer's result on every call (~400 instructions; 100 M of a 100,000-
  /// transaction file's write).
  package static func withText(_ value: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withCanonicalText(value, body)
  }

  /// ``withText(_:_:)``'s work.
  private static func withCanonicalText<Result>(
    _ value: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    guard !value.isNaN else {
      var text = value.description
      return text.withUTF8(body)
    }
    return ExactDecimal(value).rounded(fractionDigits: maxFractionDigits).withText(body)
  }
}
