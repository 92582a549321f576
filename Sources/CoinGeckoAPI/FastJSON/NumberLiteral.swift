/// A JSON number as written: sign, up to 19 significant decimal digits and a decimal exponent,
/// plus the literal's bytes for the rare numbers that need the general conversion.
///
/// ``doubleValue()`` gives the correctly rounded `Double` — the same one `strtod` and
/// `JSONDecoder` give — taking exact shortcuts when they are provably exact and handing the
/// literal to the standard library's conversion otherwise.
struct NumberLiteral {
  var isNegative = false
  /// The first 19 significant digits.
  var significand: UInt64 = 0
  var significantDigits = 0
  /// The value is `significand × 10^exponent` when ``isExact``.
  var exponent = 0
  /// `false` when digits were dropped or the exponent is huge: only the literal is exact.
  var isExact = true
  /// No fraction and no exponent.
  var isInteger = true
  var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

  @inline(__always)
  mutating func appendIntegerDigit(_ digit: UInt8) {
    if significantDigits < 19 {
      significand = significand &* 10 &+ UInt64(digit)
      if significand != 0 { significantDigits += 1 }
    } else {
      isExact = false
      exponent += 1
    }
  }

  @inline(__always)
  mutating func appendFractionDigit(_ digit: UInt8) {
    if significantDigits < 19 {
      if significand != 0 || digit != 0 {
        significand = significand &* 10 &+ UInt64(digit)
        significantDigits += 1
      }
      exponent -= 1
    } else {
      isExact = false
    }
  }

  /// The value as an `Int`, declining for fractions, exponents and values out of range (which
  /// `JSONDecoder` either rejects or converts by a route not worth copying).
  func intValue() throws(FastPathDeclined) -> Int {
    guard isInteger, isExact else { throw FastPathDeclined() }
    if isNegative {
      guard significand <= UInt64(Int.max) else { throw FastPathDeclined() }
      return -Int(significand)
    }
    guard significand <= UInt64(Int.max) else { throw FastPathDeclined() }
    return Int(significand)
  }

  /// The correctly rounded `Double`; declines for values `JSONDecoder` rejects (overflow to
  /// infinity, underflow to zero) and leaves any doubt to it.
  @inline(__always)
  func doubleValue() throws(FastPathDeclined) -> Double {
    if isExact {
      if significand == 0 {
        guard exponent >= -22, exponent <= 22 else { return try generalDoubleValue() }
        return isNegative ? -0.0 : 0.0
      }
      // Clinger's fast path: both operands exact in binary64, one correctly rounded operation.
      if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
        let value = Double(significand)
        let scaled =
          exponent < 0
          ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
        return isNegative ? -scaled : scaled
      }
      #if arch(x86_64) && !os(Windows)
        if let value = extendedDoubleValue() { return isNegative ? -value : value }
      #endif
    }
    return try generalDoubleValue()
  }

  #if arch(x86_64) && !os(Windows)
    /// The same idea with 64-bit significands: one correctly rounded x87 operation, then a
    /// rounding to binary64 that is exact unless the extended result lies exactly on a
    /// midpoint between two doubles — then `nil`.
    @inline(__always)
    private func extendedDoubleValue() -> Double? {
      guard exponent >= -27, exponent <= 27 else { return nil }
      let value = Float80(significand)
      let scaled =
        exponent < 0
        ? value / Self.extendedPowersOfTen[-exponent] : value * Self.extendedPowersOfTen[exponent]
      guard scaled.significandBitPattern & 0x7FF != 0x400 else { return nil }
      return Double(scaled)
    }

    /// 10^0 … 10^27, all exact in `Float80` (5^27 < 2^64).
    private static let extendedPowersOfTen: [Float80] = {
      var powers: [Float80] = [1]
      for _ in 1...27 { powers.append(powers[powers.count - 1] * 10) }
      return powers
    }()
  #endif

  /// The standard library's correctly rounded conversion of the literal itself.
  private func generalDoubleValue() throws(FastPathDeclined) -> Double {
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string), value.isFinite, value != 0 else {
      throw FastPathDeclined()
    }
    return value
  }

  /// 10^0 … 10^22, all exact in binary64.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}
