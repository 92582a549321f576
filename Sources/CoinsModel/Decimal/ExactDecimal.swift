/// A decimal number as `Decimal` holds one — a sign, a significand of at most 128 bits and a
/// power of ten — with its arithmetic done on integers, ten to a hundred times faster than
/// `Decimal`'s own (which works digit by digit in arrays): what makes a ledger of 100,000
/// transactions a matter of milliseconds.
///
/// A sum, difference or product that fits in 128 bits is exact, as `Decimal`'s is; one that
/// does not is rounded half away from zero to fit (to within a unit of its last digit: a sum
/// of two very different sizes is rounded twice). A quotient has 38 significant digits, the
/// last rounded half away from zero (`Decimal`'s keeps fewer the more digits the divisor has).
/// Results carry no trailing zeros, as `Decimal`'s do not. Exact results are `Decimal`'s digit
/// for digit; rounded ones differ from it only beyond the 30th digit or so, far below the 18
/// decimals `coins` writes (``ExactDecimalTests`` checks both).
package struct ExactDecimal: Sendable {
  /// The digits, as an integer.
  package var significand: UInt128
  /// The power of ten the significand is multiplied by.
  package var exponent: Int
  /// Whether the value is below zero (never for zero).
  package var isNegative: Bool

  /// Zero.
  package static let zero = ExactDecimal(significand: 0, exponent: 0, isNegative: false)

  /// The number `(-1)^isNegative × significand × 10^exponent`, as it is written (no digits
  /// dropped).
  package init(significand: UInt128, exponent: Int, isNegative: Bool) {
    self.significand = significand
    self.exponent = exponent
    self.isNegative = isNegative && significand != 0
  }

  /// Whether it is zero.
  package var isZero: Bool { significand == 0 }

  /// The same value without trailing zeros.
  var compacted: ExactDecimal {
    significand % 10 == 0
      ? Self.compacted(significand, exponent: exponent, isNegative: isNegative) : self
  }

  /// 10⁰ … 10³⁸, the powers of ten a `UInt128` holds: written out, so the compiler lays the
  /// array out in the binary (no initializer to check for on each of the ledger's many uses).
  static let powersOfTen: [UInt128] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
    100_000_000_000_000_000,
    1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
    100_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000_000_000,
  ]

  /// The most significant digits a quotient keeps.
  static let quotientDigits = 38

  /// The value `(high × 2¹²⁸ + low) × 10^exponent`, rounded half away from zero to fit in 128
  /// bits, without trailing zeros.
  static func rounded(high: UInt128, low: UInt128, exponent: Int, isNegative: Bool)
    -> ExactDecimal
  {
    guard high != 0 else { return compacted(low, exponent: exponent, isNegative: isNegative) }
    // The digits to drop: an estimate from the bits over 128 (1233/4096 is just under
    // log10(2)), raised until the rest fits.
    var drop = max(1, ((128 - high.leadingZeroBitCount) * 1233) >> 12)
    while true {
      let (quotient, remainder, divisor) = divide(high: high, low: low, byPowerOfTen: drop)
      guard let quotient else {
        drop += 1
        continue
      }
      guard remainder >= divisor - remainder else {
        return compacted(quotient, exponent: exponent + drop, isNegative: isNegative)
      }
      guard quotient < .max else {
        return rounded(high: 1, low: 0, exponent: exponent + drop, isNegative: isNegative)
      }
      return compacted(quotient + 1, exponent: exponent + drop, isNegative: isNegative)
    }
  }

  /// `(high × 2¹²⁸ + low) / 10^power` when it fits in 128 bits (else `nil`), with the
  /// remainder of the last division and its divisor (a remainder of at least half the divisor
  /// means the dropped digits were at least half a unit).
  private static func divide(high: UInt128, low: UInt128, byPowerOfTen power: Int)
    -> (quotient: UInt128?, remainder: UInt128, divisor: UInt128)
  {
    var (high, low, power) = (high, low, power)
    // More than 38 digits: the first ones dropped only decide nothing but the sticky part,
    // which rounding half away from zero does not need.
    while power > 38 {
      let (upper, rest) = high.quotientAndRemainder(dividingBy: powersOfTen[38])
      (low, _) = powersOfTen[38].dividingFullWidth((rest, low))
      high = upper
      power -= 38
    }
    let divisor = powersOfTen[power]
    let (upper, rest) = high.quotientAndRemainder(dividingBy: divisor)
    let (quotient, remainder) = divisor.dividingFullWidth((rest, low))
    return (upper == 0 ? quotient : nil, remainder, divisor)
  }

  /// `significand × 10^exponent` without trailing zeros.
  static func compacted(_ significand: UInt128, exponent: Int, isNegative: Bool) -> ExactDecimal {
    guard significand != 0 else { return .zero }
    // An odd significand has no trailing zero: most sums and products (no 128-bit division).
    if significand & 1 == 1 {
      return ExactDecimal(significand: significand, exponent: exponent, isNegative: isNegative)
    }
    // One that fits in 64 bits is divided in 64 bits, a tenth of the instructions.
    if let small = UInt64(exactly: significand) {
      var (small, exponent) = (small, exponent)
      while small % 10_000 == 0 { (small, exponent) = (small / 10_000, exponent + 4) }
      while small % 10 == 0 { (small, exponent) = (small / 10, exponent + 1) }
      return ExactDecimal(significand: UInt128(small), exponent: exponent, isNegative: isNegative)
    }
    var (significand, exponent) = (significand, exponent)
    while true {
      let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: 10_000)
      guard remainder == 0 else { break }
      (significand, exponent) = (quotient, exponent + 4)
    }
    while true {
      let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: 10)
      guard remainder == 0 else { break }
      (significand, exponent) = (quotient, exponent + 1)
    }
    return ExactDecimal(significand: significand, exponent: exponent, isNegative: isNegative)
  }
}

extension ExactDecimal {
  /// The sum, rounded to fit when it does not.
  static func sum(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> ExactDecimal {
    if lhs.isZero { return rhs.compacted }
    if rhs.isZero { return lhs.compacted }
    var (large, small) = lhs.exponent >= rhs.exponent ? (lhs, rhs) : (rhs, lhs)
    if large.exponent - small.exponent > 38 {
      // Aligned, the sum has more than 39 digits and is rounded anyway: the small one's digits
      // beyond the 38 places below the large one's last are rounded off first.
      let drop = large.exponent - small.exponent - 38
      guard drop <= 38 else { return large.compacted }
      let (kept, dropped) = small.significand.quotientAndRemainder(dividingBy: powersOfTen[drop])
      let up = dropped >= powersOfTen[drop] - dropped
      small = ExactDecimal(
        significand: kept + (up ? 1 : 0), exponent: small.exponent + drop,
        isNegative: small.isNegative)
      if small.isZero { return large.compacted }
    }
    let shift = large.exponent - small.exponent
    let (high, low) = Self.widened(large.significand, timesPowerOfTen: shift)
    if large.isNegative == small.isNegative {
      let (total, carry) = low.addingReportingOverflow(small.significand)
      return rounded(
        high: high + (carry ? 1 : 0), low: total, exponent: small.exponent,
        isNegative: large.isNegative)
    }
    if high > 0 || low >= small.significand {
      let (difference, borrow) = low.subtractingReportingOverflow(small.significand)
      return rounded(
        high: high - (borrow ? 1 : 0), low: difference, exponent: small.exponent,
        isNegative: large.isNegative)
    }
    return compacted(
      small.significand - low, exponent: small.exponent, isNegative: small.isNegative)
  }

  /// The product, rounded to fit when it does not.
  static func product(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> ExactDecimal {
    guard !lhs.isZero, !rhs.isZero else { return .zero }
    let (product, overflow) = lhs.significand.multipliedReportingOverflow(by: rhs.significand)
    let (high, low) =
      overflow ? lhs.significand.multipliedFullWidth(by: rhs.significand) : (0, product)
    return rounded(
      high: high, low: low, exponent: lhs.exponent + rhs.exponent,
      isNegative: lhs.isNegative != rhs.isNegative)
  }

  /// The quotient to 38 significant digits; `nil` when dividing by zero.
  static func quotient(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> ExactDecimal? {
    guard !rhs.isZero else { return nil }
    guard !lhs.isZero else { return .zero }
    let divisor = rhs.significand
    var (digits, remainder) = lhs.significand.quotientAndRemainder(dividingBy: divisor)
    var exponent = lhs.exponent - rhs.exponent
    // Long division, as many digits at a time as still fit in the 38 kept.
    while remainder != 0 {
      let room = quotientDigits - (digits == 0 ? 0 : digitCount(digits))
      guard room > 0 else { break }
      let scale = powersOfTen[room]
      let (next, rest) = divisor.dividingFullWidth(remainder.multipliedFullWidth(by: scale))
      (digits, remainder) = (digits * scale + next, rest)
      exponent -= room
    }
    let negative = lhs.isNegative != rhs.isNegative
    // More than 38 digits in the whole part alone: those beyond are rounded away.
    let excess = digitCount(digits) - quotientDigits
    if excess > 0 {
      let (kept, dropped) = digits.quotientAndRemainder(dividingBy: powersOfTen[excess])
      let up = dropped >= powersOfTen[excess] / 2
      return compacted(kept + (up ? 1 : 0), exponent: exponent + excess, isNegative: negative)
        .normalizedToQuotientDigits()
    }
    if remainder >= divisor - remainder { digits += 1 }
    return compacted(digits, exponent: exponent, isNegative: negative).normalizedToQuotientDigits()
  }

  /// This value with at most 38 significant digits (a round-up of 99…9 can make 39).
  private func normalizedToQuotientDigits() -> ExactDecimal {
    guard ExactDecimal.digitCount(significand) > ExactDecimal.quotientDigits else { return self }
    return ExactDecimal.compacted(significand / 10, exponent: exponent + 1, isNegative: isNegative)
  }

  /// `value × 10^power` (power at most 38) in 256 bits: in one multiplication when it fits in
  /// 128, as it mostly does.
  static func widened(_ value: UInt128, timesPowerOfTen power: Int) -> (UInt128, UInt128) {
    let scale = powersOfTen[power]
    let (product, overflow) = value.multipliedReportingOverflow(by: scale)
    return overflow ? value.multipliedFullWidth(by: scale) : (0, product)
  }

  /// The number of decimal digits of `value` (1 for 0).
  static func digitCount(_ value: UInt128) -> Int {
    var count = 1
    while count <= 38, value >= powersOfTen[count] { count += 1 }
    return count
  }
}
