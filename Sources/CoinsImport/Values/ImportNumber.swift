#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the figures exchanges write, exactly (never through `Double`): `0.5`, `-3.605E-05`,
/// `1.0e-08`, `"11,426.20"` (thousands grouped by commas), a currency sign or a ticker before or
/// after the number (`€3343.11`, `-€597.49`, `0.5BTC`, `1.00000000 ETH`), 30-digit fractions.
///
/// Up to 38 significant digits are kept exactly (what `Decimal` holds); beyond that the number
/// is rounded half up at the 38th. A decimal comma (`0,5`) is refused rather than guessed at.
package enum ImportNumber {
  /// A number and the unit written with it (`""`, `"€"`, `"BTC"`).
  package struct Reading: Equatable {
    /// The value, sign included.
    package var value: Decimal
    /// The text before or after the number, without spaces.
    var unit: String

    /// Each member as given.
    package init(value: Decimal, unit: String) {
      self.value = value
      self.unit = unit
    }
  }

  /// The number in `text` and its unit, or `nil` when it is not one.
  package static func read(_ text: some StringProtocol) -> Reading? {
    // Read in the text's own storage where it has one, not a copy of it (an allocation a
    // figure); a `Substring`'s view walked byte by byte cost more than the rest of the reading.
    if let reading = text.utf8.withContiguousStorageIfAvailable(read(bytes:)) { return reading }
    return Array(text.utf8).withUnsafeBufferPointer(read(bytes:))
  }

  private static func read(bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
    var index = 0
    let end = bytes.count
    func skipSpaces() {
      while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func isNumberStart(_ byte: UInt8) -> Bool { isDigit(byte) || byte == 0x2E }
    var negative = false
    var sawSign = false
    func sign() {
      guard !sawSign, index < end, bytes[index] == 0x2D || bytes[index] == 0x2B else { return }
      negative = bytes[index] == 0x2D
      sawSign = true
      index += 1
    }
    skipSpaces()
    sign()
    // A unit in front (a currency sign, `US$`): anything up to the number or its sign.
    let prefixStart = index
    while index < end, !isNumberStart(bytes[index]), bytes[index] != 0x2D, bytes[index] != 0x2B {
      index += 1
    }
    let prefix = unit(bytes[prefixStart..<index])
    skipSpaces()
    sign()
    guard index < end, isNumberStart(bytes[index]) else { return nil }
    // The digits are read into a number as they come (no array of them) and gathered again
    // only for one of more than 19 significant digits, which ``decimal(digits:exponent:negative:)``
    // rounds.
    let digitsStart = index
    var digitCount = 0
    var significand: UInt64 = 0
    var significant = 0  // digits from the first that is not 0
    var trailingZeros = 0
    var exponent = 0
    var sawPoint = false
    var groupLength = -1  // digits since the last thousands comma; -1 before any comma
    while index < end {
      let byte = bytes[index]
      if isDigit(byte) {
        digitCount += 1
        if byte != 0x30 || significant > 0 {
          significant += 1
          if significant <= 19 { significand = significand &* 10 &+ UInt64(byte - 0x30) }
          trailingZeros = byte == 0x30 ? trailingZeros + 1 : 0
        }
        if sawPoint { exponent -= 1 }
        if groupLength >= 0 { groupLength += 1 }
      } else if byte == 0x2E, !sawPoint {
        guard groupLength == -1 || groupLength == 3 else { return nil }
        sawPoint = true
        groupLength = -1
      } else if byte == 0x2C, !sawPoint, digitCount > 0, groupLength == -1 || groupLength == 3,
        groupLength != -1 || digitCount <= 3
      {
        groupLength = 0
      } else {
        break
      }
      index += 1
    }
    guard digitCount > 0, groupLength == -1 || groupLength == 3 else { return nil }
    let digitsEnd = index
    // An exponent only when a digit (after an optional sign) follows the `e`.
    if index < end, bytes[index] == 0x65 || bytes[index] == 0x45 {
      var ahead = index + 1
      var exponentNegative = false
      if ahead < end, bytes[ahead] == 0x2D || bytes[ahead] == 0x2B {
        exponentNegative = bytes[ahead] == 0x2D
        ahead += 1
      }
      if ahead < end, isDigit(bytes[ahead]) {
        var value = 0
        while ahead < end, isDigit(bytes[ahead]) {
          value = value * 10 + Int(bytes[ahead] - 0x30)
          guard value < 1000 else { return nil }
          ahead += 1
        }
        exponent += exponentNegative ? -value : value
        index = ahead
      }
    }
    skipSpaces()
    let suffixBytes = bytes[index..<end]
    guard prefix.isEmpty || suffixBytes.isEmpty,
      !suffixBytes.contains(where: { $0 == 0x2D || $0 == 0x2B || $0 == 0x2C || $0 == 0x2E }),
      !(suffixBytes.first.map(isDigit) ?? false)
    else { return nil }
    let suffix = unit(suffixBytes)
    let value: Decimal?
    if significant <= 19 {
      value = decimal(
        significand: significand, significant: significant, trailingZeros: trailingZeros,
        exponent: exponent, negative: negative)
    } else {
      let digits = bytes[digitsStart..<digitsEnd].compactMap { isDigit($0) ? $0 - 0x30 : nil }
      value = decimal(digits: digits, exponent: exponent, negative: negative)
    }
    guard let value else { return nil }
    return Reading(value: value, unit: prefix + suffix)
  }

  /// ``decimal(digits:exponent:negative:)`` of at most 19 significant digits read as
  /// `significand`, the last `trailingZeros` of them zeros: the same `Decimal`, made without an
  /// array of digits.
  private static func decimal(
    significand: UInt64, significant: Int, trailingZeros: Int, exponent: Int, negative: Bool
  ) -> Decimal? {
    if significant == 0 { return 0 }
    var significand = significand
    for _ in 0..<trailingZeros { significand /= 10 }
    let count = significant - trailingZeros
    let exponent = exponent + trailingZeros
    guard exponent + count <= 40, exponent >= -120 else { return nil }
    return Decimal(
      sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
  }

  /// Whether `unit` is a ticker: ASCII letters and digits only (`BTC`, `1INCH`).
  static func isTicker(_ unit: String) -> Bool {
    !unit.isEmpty
      && unit.utf8.allSatisfy {
        ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39
      }
  }

  /// Whether `unit` is a currency sign (`€`, `US$` is not): no ASCII letter or digit in it.
  static func isSign(_ unit: String) -> Bool {
    unit.utf8.allSatisfy {
      !(($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39)
    }
  }

  /// A unit's text without its spaces; no allocation when there is none.
  private static func unit(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    bytes.isEmpty ? "" : String(decoding: bytes.filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)
  }

  /// The exact decimal of `digits × 10^exponent`, or `nil` out of `Decimal`'s range.
  static func decimal(digits: [UInt8], exponent: Int, negative: Bool) -> Decimal? {
    var digits = digits[...]
    var exponent = exponent
    while digits.count > 1, digits.first == 0 { digits = digits.dropFirst() }
    while digits.count > 1, digits.last == 0 {
      digits = digits.dropLast()
      exponent += 1
    }
    if digits == [0] { return 0 }
    if digits.count > 38 {
      let roundUp = digits[digits.startIndex + 38] >= 5
      exponent += digits.count - 38
      var kept = Array(digits.prefix(38))
      if roundUp {
        var at = kept.count - 1
        while at >= 0, kept[at] == 9 {
          kept[at] = 0
          at -= 1
        }
        if at >= 0 { kept[at] += 1 } else { kept.insert(1, at: 0) }
      }
      digits = kept[...]
    }
    guard exponent + digits.count <= 40, exponent >= -120 else { return nil }
    if digits.count <= 19 {
      var significand: UInt64 = 0
      for digit in digits { significand = significand * 10 + UInt64(digit) }
      return Decimal(
        sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
    let text =
      (negative ? "-" : "") + String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
      + "E\(exponent)"
    return Decimal(string: text)
  }
}
