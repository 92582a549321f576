@_spi(SwiftCorelibsFoundation) import FoundationEssentials

/// Between `Decimal` and ``ExactDecimal``, without going through text.
///
/// A `Decimal` is stored as NSDecimal was: an 8-bit exponent; a byte with the number of 16-bit
/// words in use (high 4 bits), the sign (bit 3) and whether the digits are compact (bit 2);
/// 16 reserved bits; then eight 16-bit words of significand, least significant first. Its
/// fields are not public, so they are read from that layout and written with the initializer
/// FoundationEssentials keeps for swift-corelibs-foundation. That is swift-foundation's layout
/// (on Linux, where it is linked into `coins`, and ``layoutIsKnown`` checks it in the tests);
/// elsewhere both ways go through text: slower, never wrong.
extension ExactDecimal {
  /// The value of `decimal` (its NaN, which no figure `coins` keeps can be, reads as 0).
  package init(_ decimal: Decimal) {
    #if os(Linux)
      self = Self.fields(of: decimal)
    #else
      self = Self.parsed(decimal.description) ?? .zero
    #endif
  }

  /// The `Decimal` of this value; one whose exponent is beyond `Decimal`'s (−128…127) is
  /// rounded by `Decimal` itself.
  package var decimal: Decimal {
    #if os(Linux)
      guard (-128...127).contains(exponent) else { return Decimal(string: text) ?? .nan }
      return Self.written(self)
    #else
      return Decimal(string: text) ?? .nan
    #endif
  }

  /// The fields of `decimal`, read from its storage.
  private static func fields(of decimal: Decimal) -> ExactDecimal {
    withUnsafeBytes(of: decimal) { bytes in
      let low = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
      let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt64.self))
      return ExactDecimal(
        significand: bytes[1] >> 4 == 0 ? 0 : UInt128(high) << 64 | UInt128(low),
        exponent: Int(Int8(bitPattern: bytes[0])), isNegative: bytes[1] & 0b1000 != 0)
    }
  }

  /// The `Decimal` with `value`'s fields (zero: `Decimal()`, as `Decimal`'s own arithmetic
  /// gives it).
  private static func written(_ value: ExactDecimal) -> Decimal {
    guard value.significand != 0 else { return Decimal() }
    let low = UInt64(truncatingIfNeeded: value.significand)
    let high = UInt64(truncatingIfNeeded: value.significand >> 64)
    func word(_ half: UInt64, _ index: UInt64) -> UInt16 {
      UInt16(truncatingIfNeeded: half >> (16 * index))
    }
    return Decimal(
      _exponent: Int32(value.exponent),
      _length: UInt32((128 - value.significand.leadingZeroBitCount + 15) / 16),
      _isNegative: value.isNegative ? 1 : 0, _isCompact: isMultipleOfTen(value.significand) ? 0 : 1,
      _reserved: 0,
      _mantissa: (
        word(low, 0), word(low, 1), word(low, 2), word(low, 3), word(high, 0), word(high, 1),
        word(high, 2), word(high, 3)
      ))
  }

  /// Whether `significand` ends in a zero: an odd one does not, one that fits in 64 bits is
  /// divided in 64 bits (a 128-bit division is a call of a hundred instructions).
  private static func isMultipleOfTen(_ significand: UInt128) -> Bool {
    if significand & 1 == 1 { return false }
    if let small = UInt64(exactly: significand) { return small % 10 == 0 }
    return significand % 10 == 0
  }

  /// Whether `Decimal` is stored as described above: checked both ways on values whose fields
  /// are known from their text (by the tests, with the toolchain `coins` is built with).
  package static let layoutIsKnown: Bool = {
    guard MemoryLayout<Decimal>.size == 20 else { return false }
    for text in ["-123456789012345678901234567.8901", "0.05", "4200", "1"] {
      guard let decimal = Decimal(string: text), let plain = parsed(text) else { return false }
      let value = compacted(
        plain.significand, exponent: plain.exponent, isNegative: plain.isNegative)
      let read = fields(of: decimal)
      guard read.significand == value.significand, read.exponent == value.exponent,
        read.isNegative == value.isNegative, written(read).description == text,
        written(read) == decimal
      else { return false }
    }
    return true
  }()
}
