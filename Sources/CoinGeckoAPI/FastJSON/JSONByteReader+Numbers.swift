extension JSONByteReader {
  /// Reads a number literal (strict JSON grammar) without converting it yet.
  @inline(__always)
  mutating func readNumber() throws(FastPathDeclined) -> NumberLiteral {
    skipWhitespace()
    let start = index
    var literal = NumberLiteral()
    if index < end, base[index] == 0x2D {
      literal.isNegative = true
      index += 1
    }
    guard index < end, base[index] &- 0x30 < 10 else { throw FastPathDeclined() }
    if base[index] == 0x30 {
      index += 1
      if index < end, base[index] &- 0x30 < 10 { throw FastPathDeclined() }
    } else {
      while index < end {
        let digit = base[index] &- 0x30
        guard digit < 10 else { break }
        literal.appendIntegerDigit(digit)
        index += 1
      }
    }
    if index < end, base[index] == 0x2E {
      literal.isInteger = false
      index += 1
      guard index < end, base[index] &- 0x30 < 10 else { throw FastPathDeclined() }
      while index < end {
        let digit = base[index] &- 0x30
        guard digit < 10 else { break }
        literal.appendFractionDigit(digit)
        index += 1
      }
    }
    if index < end, base[index] | 0x20 == 0x65 {
      literal.isInteger = false
      index += 1
      var exponentIsNegative = false
      if index < end, base[index] == 0x2B || base[index] == 0x2D {
        exponentIsNegative = base[index] == 0x2D
        index += 1
      }
      guard index < end, base[index] &- 0x30 < 10 else { throw FastPathDeclined() }
      var exponent = 0
      while index < end {
        let digit = base[index] &- 0x30
        guard digit < 10 else { break }
        if exponent < 100_000 {
          exponent = exponent * 10 + Int(digit)
        } else {
          literal.isExact = false
        }
        index += 1
      }
      literal.exponent += exponentIsNegative ? -exponent : exponent
    }
    literal.text = UnsafeBufferPointer(start: base + start, count: index - start)
    return literal
  }

  /// Reads a number as a `Double`, exactly as `JSONDecoder` would.
  @inline(__always)
  mutating func readDouble() throws(FastPathDeclined) -> Double {
    try readNumber().doubleValue()
  }

  /// Reads `null` as `nil`, else a number as a `Double`.
  @inline(__always)
  mutating func readOptionalDouble() throws(FastPathDeclined) -> Double? {
    consumeNull() ? nil : try readDouble()
  }
}
