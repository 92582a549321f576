/// A JSON number as written: sign, up to 19 significant decimal digits and a decimal exponent,
/// plus where its literal is, for the rare numbers that need the general conversion.
///
/// ``doubleValue(_:)`` gives the correctly rounded `Double` — the same one `strtod` and
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
  /// Where the literal is in the document's bytes.
  var text = 0..<0

  /// Reads the literal at `index` of `bytes` (strict JSON grammar), `index` then after it;
  /// `nil`, `index` at the offending byte, when there is no well-formed number there.
  @inline(__always)
  init?(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) {
    let start = index
    let end = bytes.count
    if index < end, bytes[index] == 0x2D {
      isNegative = true
      index += 1
    }
    guard index < end, bytes[index] &- 0x30 < 10 else { return nil }
    if bytes[index] == 0x30 {
      index += 1
      if index < end, bytes[index] &- 0x30 < 10 { return nil }
    } else {
      while index < end {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        appendIntegerDigit(digit)
        index += 1
      }
    }
    if index < end, bytes[index] == 0x2E {
      isInteger = false
      index += 1
      guard index < end, bytes[index] &- 0x30 < 10 else { return nil }
      while index < end {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        appendFractionDigit(digit)
        index += 1
      }
    }
    if index < end, bytes[index] | 0x20 == 0x65 {
      isInteger = false
      index += 1
      var exponentIsNegative = false
      if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D {
        exponentIsNegative = bytes[index] == 0x2D
        index += 1
      }
      guard index < end, bytes[index] &- 0x30 < 10 else { return nil }
      var written = 0
      while index < end {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        if written < 100_000 {
          written = written * 10 + Int(digit)
        } else {
          isExact = false
        }
        index += 1
      }
      exponent += exponentIsNegative ? -written : written
    }
    text = start..<index
  }

  @inline(__always)
  private mutating func appendIntegerDigit(_ digit: UInt8) {
    if significantDigits < 19 {
      significand = significand &* 10 &+ UInt64(digit)
      if significand != 0 { significantDigits += 1 }
    } else {
      isExact = false
      exponent += 1
    }
  }

  @inline(__always)
  private mutating func appendFractionDigit(_ digit: UInt8) {
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

  /// The value as an `Int`; `nil` for fractions, exponents and values out of range (which
  /// `JSONDecoder` either rejects or converts by a route not worth copying).
  var intValue: Int? {
    guard isInteger, isExact, significand <= UInt64(Int.max) else { return nil }
    return isNegative ? -Int(significand) : Int(significand)
  }

  /// The correctly rounded `Double` (`bytes` the document the literal was read from); `nil` for
  /// values `JSONDecoder` rejects (overflow to infinity, underflow to zero), leaving any doubt
  /// to it.
  @inline(__always)
  func doubleValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    if isExact {
      if significand == 0 {
        guard exponent >= -22, exponent <= 22 else { return generalDoubleValue(bytes) }
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
    return generalDoubleValue(bytes)
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
  private func generalDoubleValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
    guard let value = Double(string), value.isFinite, value != 0 else { return nil }
    return value
  }

  /// 10^0 … 10^22, all exact in binary64.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}
