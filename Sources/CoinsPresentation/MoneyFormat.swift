import CoinsModel
import CoinsSupport

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
    return written(value, currency: currency, plus: false)
  }

  /// `value` as money with its sign, `+` for 0 too: `+$3,990.00`, `-$500.00`; `unknown` when
  /// unknown.
  public static func signed(_ value: Decimal?, currency: CurrencyStyle, unknown: String = "—")
    -> String
  {
    guard let value else { return unknown }
    return written(value, currency: currency, plus: true)
  }

  /// ``text(_:currency:)`` (with `plus`, ``signed(_:currency:unknown:)``) appended to `output`
  /// as UTF-8, no string made (a German gains report writes 240,000 figures); `unknown` when
  /// unknown.
  package static func write(
    _ value: Decimal?, currency: CurrencyStyle, plus: Bool, unknown: String,
    into output: inout [UInt8]
  ) {
    guard let value else {
      output.append(contentsOf: unknown.utf8)
      return
    }
    laidOut(value, currency: currency, plus: plus) { layout in
      output.reserveCapacity(output.count + layout.capacity)
      layout.write { output.append($0) }
    }
  }

  /// The text of `value`: `-` when it is below zero once rounded (`+` before the rest with
  /// `plus`), the prefix, the whole part grouped by thousands, the minor unit's digits.
  /// Written byte by byte into the string's own storage (a gains report writes 100,000 figures),
  /// from the rounded magnitude's plain text (``MoneyRounding/fixedText(_:in:)``'s digits).
  private static func written(_ value: Decimal, currency: CurrencyStyle, plus: Bool) -> String {
    if MinorUnit.digits(of: currency.code) == 2, let (cents, negative) = MoneyCents.cents(of: value)
    {
      return centsText(cents, negative: negative, currency: currency, plus: plus)
    }
    return laidOut(value, currency: currency, plus: plus) { layout in
      String(unsafeUninitializedCapacity: layout.capacity) { output in
        var index = 0
        layout.write { byte in
          output[index] = byte
          index += 1
        }
        return index
      }
    }
  }

  /// The text of a figure of `cents` (``MoneyCents``), `-` before it when `negative`, else `+`
  /// with `plus`.
  private static func centsText(
    _ cents: UInt64, negative: Bool, currency: CurrencyStyle, plus: Bool
  ) -> String {
    var prefix = currency.prefix
    return prefix.withUTF8 { prefix in
      withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: prefix.count + MoneyCents.capacityBesidesPrefix
      ) { buffer in
        let sign: UInt8? = negative ? UInt8(ascii: "-") : (plus ? UInt8(ascii: "+") : nil)
        let start = MoneyCents.write(cents, sign: sign, prefix: prefix, into: buffer)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
      }
    }
  }

  /// Calls `body` with the layout of `value` in `currency` (its sign, prefix and digits), made
  /// from the rounded magnitude's plain text without a string.
  private static func laidOut<Result>(
    _ value: Decimal, currency: CurrencyStyle, plus: Bool, _ body: (Layout) -> Result
  ) -> Result {
    let digits = MinorUnit.digits(of: currency.code)
    var prefix = currency.prefix
    return prefix.withUTF8 { prefixBytes in
      if value.isNaN {
        var text = "NaN"
        return text.withUTF8 {
          body(Layout($0, digits: digits, prefix: prefixBytes, sign: plus ? "+" : nil))
        }
      }
      let exact = ExactDecimal(value)
      let magnitude = MoneyRounding.rounded(
        ExactDecimal(significand: exact.significand, exponent: exact.exponent, isNegative: false),
        digits: digits)
      let negative = exact.isNegative && !magnitude.isZero
      return magnitude.withText { plain in
        body(
          Layout(
            plain, digits: digits, prefix: prefixBytes,
            sign: negative ? "-" : (plus ? "+" : nil)))
      }
    }
  }

  /// `sign`, `prefix`, then `plain` (digits with at most `digits` after the point) with the
  /// whole part grouped and exactly `digits` after the point — a coin's 8 without their
  /// trailing zeros down to two.
  private struct Layout {
    let plain: UnsafeBufferPointer<UInt8>
    let prefix: UnsafeBufferPointer<UInt8>
    let sign: Unicode.Scalar?
    /// Where the point is in `plain` (its count when it has none).
    let point: Int
    /// Digits of `plain` after the point that are written.
    let fraction: Int
    /// Digits written after the point.
    let shown: Int

    init(
      _ plain: UnsafeBufferPointer<UInt8>, digits: Int, prefix: UnsafeBufferPointer<UInt8>,
      sign: Unicode.Scalar?
    ) {
      self.plain = plain
      self.prefix = prefix
      self.sign = sign
      let point = plain.firstIndex(of: UInt8(ascii: ".")) ?? plain.count
      var fraction = plain.count - min(point + 1, plain.count)
      var shown = max(fraction, digits)
      if digits == 8 {
        while shown > 2, shown > fraction || plain[point + shown] == UInt8(ascii: "0") {
          shown -= 1
        }
        fraction = min(fraction, shown)
      }
      self.point = point
      self.fraction = fraction
      self.shown = shown
    }

    /// The most bytes it writes.
    var capacity: Int { 1 + prefix.count + point + point / 3 + 1 + shown }

    /// Hands its bytes to `put`, one by one.
    func write(_ put: (UInt8) -> Void) {
      if let sign { put(UInt8(ascii: sign)) }
      for byte in prefix { put(byte) }
      for place in 0..<point {
        if place > 0 && (point - place) % 3 == 0 { put(UInt8(ascii: ",")) }
        put(plain[place])
      }
      guard shown > 0 else { return }
      put(UInt8(ascii: "."))
      for place in 0..<shown {
        put(place < fraction ? plain[point + 1 + place] : UInt8(ascii: "0"))
      }
    }
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
