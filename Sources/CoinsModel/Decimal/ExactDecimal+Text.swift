#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``ExactDecimal`` as text and as a `Double`, as `Decimal` gives them.
extension ExactDecimal {
  /// The plain notation `Decimal.description` writes: `-1.5`, `42000`, `0.05`, `0`, every
  /// digit of the significand shown.
  package var text: String {
    withText { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of ``text``, written in a buffer on the stack (no string made:
  /// a file of 100,000 transactions writes 300,000 figures).
  package func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    // The most a Decimal's text takes: a sign, 39 digits, a point and 128 zeros. Words on the
    // stack, written by a function that is not generic: in this generic one (its callers in
    // other modules cannot specialize it), `withUnsafeTemporaryAllocation` looked up a type's
    // metadata on every call, and the writing itself went unspecialized.
    var storage = zeroStackWords24
    return withUnsafeMutableBytes(of: &storage) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      return body(UnsafeBufferPointer(rebasing: buffer[write(into: buffer)]))
    }
  }

  /// Writes ``text`` into `buffer` (192 bytes) and returns where it is.
  private func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Range<Int> {
    // The digits, least significant first, at the end of the buffer; then the text from the
    // start.
    var digitsStart = buffer.count
    var rest = significand
    repeat {
      // A significand of up to 19 digits (most figures) is one chunk: no 128-bit division.
      let (upper, chunk) =
        rest < 10_000_000_000_000_000_000
        ? (0, rest) : rest.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
      var part = UInt64(chunk)
      for _ in 0..<19 {
        digitsStart -= 1
        buffer[digitsStart] = UInt8(part % 10) + UInt8(ascii: "0")
        part /= 10
        if upper == 0 && part == 0 { break }
      }
      rest = upper
    } while rest != 0
    guard significand != 0 else { return digitsStart..<buffer.count }
    let count = buffer.count - digitsStart
    let whole = count + exponent
    var index = 0
    func put(_ byte: UInt8) {
      buffer[index] = byte
      index += 1
    }
    if isNegative { put(UInt8(ascii: "-")) }
    if whole <= 0 {
      put(UInt8(ascii: "0"))
      put(UInt8(ascii: "."))
      for _ in 0..<(-whole) { put(UInt8(ascii: "0")) }
      for position in digitsStart..<buffer.count { put(buffer[position]) }
    } else {
      for (place, position) in (digitsStart..<buffer.count).enumerated() {
        if place == whole { put(UInt8(ascii: ".")) }
        put(buffer[position])
      }
      for _ in 0..<max(exponent, 0) { put(UInt8(ascii: "0")) }
    }
    return 0..<index
  }

  /// The nearest `Double`, as `Double(text)` gives it; one step when the significand and
  /// the power of ten are exact doubles (then the one rounding is the right one).
  package var doubleValue: Double {
    let magnitude: Double
    if significand < 1 << 53, (-22...22).contains(exponent) {
      let scale = Self.doublePowersOfTen[abs(exponent)]
      let digits = Double(UInt64(truncatingIfNeeded: significand))
      magnitude = exponent < 0 ? digits / scale : digits * scale
    } else {
      // C's strtod rounds correctly, as Double(String) does, read from the stack.
      let magnitudeOnly = ExactDecimal(
        significand: significand, exponent: exponent, isNegative: false)
      magnitude = magnitudeOnly.withText { text in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { chars in
          for (index, byte) in text.enumerated() { chars[index] = CChar(bitPattern: byte) }
          chars[text.count] = 0
          return strtod(chars.baseAddress!, nil)
        }
      }
    }
    return isNegative ? -magnitude : magnitude
  }

  /// 10⁰ … 10²², each an exact `Double`.
  private static let doublePowersOfTen: [Double] = (0...22).map { power in
    (0..<power).reduce(1.0) { value, _ in value * 10 }
  }

  /// The value of plain notation (`-12.5`, `0.05`, `42000`), or `nil` when it is not that or
  /// does not fit.
  package static func parsed(_ text: String) -> ExactDecimal? {
    var significand: UInt128 = 0
    var exponent = 0
    var sawPoint = false
    var sawDigit = false
    var utf8 = Substring(text).utf8
    let negative = utf8.first == UInt8(ascii: "-")
    if negative { utf8 = utf8.dropFirst() }
    for byte in utf8 {
      if byte == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      sawDigit = true
      let (shifted, overflow) = significand.multipliedReportingOverflow(by: 10)
      let (next, carry) = shifted.addingReportingOverflow(UInt128(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      significand = next
      if sawPoint { exponent -= 1 }
    }
    guard sawDigit else { return nil }
    return ExactDecimal(significand: significand, exponent: exponent, isNegative: negative)
  }
}

extension ExactDecimal {
  /// The value rounded half away from zero to at most `fractionDigits` digits after the
  /// point, without trailing zeros when any were dropped (as `Decimal(string:)` reads the
  /// rounded text back).
  package func rounded(fractionDigits: Int) -> ExactDecimal {
    let drop = -fractionDigits - exponent
    guard drop > 0 else { return self }
    guard drop <= 38 else { return .zero }
    let divisor = Self.powersOfTen[drop]
    let (kept, dropped) = significand.quotientAndRemainder(dividingBy: divisor)
    let up = dropped >= divisor - dropped
    return Self.compacted(kept + (up ? 1 : 0), exponent: exponent + drop, isNegative: isNegative)
  }
}
