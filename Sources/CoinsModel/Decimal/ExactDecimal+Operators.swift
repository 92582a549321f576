/// ``ExactDecimal``'s arithmetic as operators. Equality and order are by value: `1.5` is
/// `1.50`.
extension ExactDecimal: Comparable {
  /// The sum.
  package static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    sum(lhs, rhs)
  }

  /// The difference.
  package static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    sum(lhs, -rhs)
  }

  /// The product.
  package static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    product(lhs, rhs)
  }

  /// The same value with the other sign.
  package static prefix func - (value: ExactDecimal) -> ExactDecimal {
    ExactDecimal(
      significand: value.significand, exponent: value.exponent, isNegative: !value.isNegative)
  }

  /// Adds `rhs`.
  package static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) {
    lhs = sum(lhs, rhs)
  }

  /// Subtracts `rhs`.
  package static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) {
    lhs = sum(lhs, -rhs)
  }

  /// The quotient (38 significant digits), or `nil` when `divisor` is zero.
  package func divided(by divisor: ExactDecimal) -> ExactDecimal? {
    Self.quotient(self, divisor)
  }

  package static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    compare(lhs, rhs) == 0
  }

  package static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// −1, 0 or 1 as `lhs` is below, equal to or above `rhs`.
  static func compare(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative ? -1 : 1 }
    let magnitude = compareMagnitudes(lhs, rhs)
    return lhs.isNegative ? -magnitude : magnitude
  }

  /// −1, 0 or 1 as `|lhs|` is below, equal to or above `|rhs|`.
  private static func compareMagnitudes(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
    if lhs.isZero || rhs.isZero { return lhs.isZero ? (rhs.isZero ? 0 : -1) : 1 }
    if lhs.exponent == rhs.exponent {
      return lhs.significand == rhs.significand ? 0 : (lhs.significand < rhs.significand ? -1 : 1)
    }
    let flipped = lhs.exponent < rhs.exponent
    let (large, small) = flipped ? (rhs, lhs) : (lhs, rhs)
    let shift = large.exponent - small.exponent
    // Aligned, the large-exponent one has more than 39 digits: more than any significand.
    guard shift <= 38 else { return flipped ? -1 : 1 }
    let (high, low) = widened(large.significand, timesPowerOfTen: shift)
    let order = high != 0 || low > small.significand ? 1 : (low == small.significand ? 0 : -1)
    return flipped ? -order : order
  }
}

extension ExactDecimal: Hashable {
  /// Hashes the value (its digits without trailing zeros), so that equal values hash alike.
  package func hash(into hasher: inout Hasher) {
    let value = compacted
    hasher.combine(value.significand)
    hasher.combine(value.exponent)
    hasher.combine(value.isNegative)
  }
}
