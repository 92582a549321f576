import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Money in a currency of two minor digits written from a whole number of cents, as
/// ``MoneyFormat`` writes it — the sign, the prefix, the whole part grouped by thousands, the
/// point and two digits — for a figure that rounds to less than 10^16 cents: the common case,
/// in a few hundred instructions where the general way (the rounded figure's plain text, then
/// laid out) takes a thousand. A report writes hundreds of thousands of figures: the gains
/// statements through ``MoneyFormat`` and the tax reports' bytes call it alike.
enum MoneyCents {
  /// The most bytes ``write(_:sign:prefix:into:)`` writes besides the prefix: a sign, 16 digits
  /// with their 5 commas, the point and 2 digits.
  static let capacityBesidesPrefix = 1 + 16 + 5 + 1 + 2

  /// The magnitude of `value` rounded half to even to the cent, in cents, and whether `value`
  /// is below zero once rounded (a figure that rounds to 0 has no sign); `nil` for NaN or for
  /// 10^16 cents or more, which the general way writes.
  static func cents(of value: Decimal) -> (cents: UInt64, negative: Bool)? {
    guard !value.isNaN else { return nil }
    let exact = ExactDecimal(value)
    let magnitude = MoneyRounding.rounded(
      ExactDecimal(significand: exact.significand, exponent: exact.exponent, isNegative: false),
      digits: 2)
    // Rounded to the cent, it has at most two digits after the point.
    let limit: UInt64 = 10_000_000_000_000_000
    guard magnitude.exponent >= -2, magnitude.exponent <= 16, magnitude.significand < limit
    else { return nil }
    var cents = UInt64(magnitude.significand)
    for _ in 0..<(magnitude.exponent + 2) {
      let (scaled, overflow) = cents.multipliedReportingOverflow(by: 10)
      guard !overflow, scaled < limit else { return nil }
      cents = scaled
    }
    return (cents, exact.isNegative && cents != 0)
  }

  /// Writes `sign` (when given), `prefix`, then `cents` as a whole part grouped by thousands,
  /// a point and two digits, backwards from the end of `buffer` (at least
  /// ``capacityBesidesPrefix`` bytes more than `prefix`); returns where the text starts.
  static func write(
    _ cents: UInt64, sign: UInt8?, prefix: UnsafeBufferPointer<UInt8>,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var start = buffer.count
    func put(_ byte: UInt8) {
      start -= 1
      buffer[start] = byte
    }
    put(UInt8(ascii: "0") + UInt8(cents % 10))
    put(UInt8(ascii: "0") + UInt8(cents / 10 % 10))
    put(UInt8(ascii: "."))
    var whole = cents / 100
    var place = 0
    repeat {
      if place > 0 && place % 3 == 0 { put(UInt8(ascii: ",")) }
      put(UInt8(ascii: "0") + UInt8(whole % 10))
      whole /= 10
      place += 1
    } while whole > 0
    for byte in prefix.reversed() { put(byte) }
    if let sign { put(sign) }
    return start
  }
}
