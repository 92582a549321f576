import CoinsModel
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// ``ExactDecimal`` against `Decimal` itself: the same values, text and doubles; the same
/// results where they are exact; within a unit of the 37th digit where either rounds.
@Suite struct ExactDecimalTests {
  /// A decimal of up to 18 digits between 10⁻¹⁸ and 10²⁴, either sign; or, one time in three, a
  /// quotient of 38 digits (what a ledger's shares of a cost are).
  private static func sample(_ random: inout SeededRandom) -> Decimal {
    if random.below(3) == 0 {
      let quotient =
        Decimal(UInt64(1 + random.below(9_999_999_999)))
        / Decimal(UInt64(1 + random.below(9_999_999)))
      return random.below(2) == 0 ? quotient : -quotient
    }
    var significand: UInt64 = 0
    for _ in 0...random.below(18) { significand = significand * 10 + UInt64(random.below(10)) }
    return Decimal(
      sign: random.below(2) == 0 ? .plus : .minus, exponent: random.below(25) - 18,
      significand: Decimal(significand))
  }

  @Test func theLayoutOfDecimalIsTheOneReadAndWritten() {
    #expect(ExactDecimal.layoutIsKnown)
  }

  @Test func valuesTextAndDoublesAreDecimals() {
    var random = SeededRandom(seed: 29)
    for _ in 0..<5_000 {
      let value = Self.sample(&random)
      let exact = ExactDecimal(value)
      expectEqual(exact.decimal, value)
      expectEqual(exact.decimal.description, value.description)
      expectEqual(exact.text, value.description)
      expectEqual(exact.doubleValue, Double(value.description))
    }
  }

  @Test func orderIsDecimals() {
    var random = SeededRandom(seed: 30)
    for _ in 0..<5_000 {
      let (lhs, rhs) = (Self.sample(&random), Self.sample(&random))
      expectEqual((ExactDecimal(lhs) < ExactDecimal(rhs)), (lhs < rhs))
      expectEqual((ExactDecimal(lhs) == ExactDecimal(rhs)), (lhs == rhs))
    }
  }

  /// Sums and products of figures as a file holds them (short) are exact, as `Decimal`'s are:
  /// the same digits, down to how they are written.
  @Test func exactResultsAreDecimalsDigitForDigit() {
    var random = SeededRandom(seed: 31)
    var compared = 0
    while compared < 5_000 {
      let (lhs, rhs) = (Self.sample(&random), Self.sample(&random))
      // Operands 18 digits or fewer and within 19 places of each other: exact either way.
      guard lhs.description.count < 22, rhs.description.count < 22,
        abs(lhs.exponent - rhs.exponent) < 19
      else { continue }
      compared += 1
      let (left, right) = (ExactDecimal(lhs), ExactDecimal(rhs))
      expectEqual((left + right).decimal.description, (lhs + rhs).description)
      expectEqual((left - right).decimal.description, (lhs - rhs).description)
      expectEqual((left * right).decimal.description, (lhs * rhs).description)
    }
  }

  /// Where 128 bits (or, for a quotient, 38 digits) cannot hold a result, it is the exact one
  /// rounded: a quotient to the nearest in its last digit, a sum or product to within one unit
  /// of it (a sum of very different sizes is rounded twice); checked with plain long arithmetic
  /// on digits (``BigNumber``). (`Decimal`'s own quotient keeps fewer digits the more the
  /// divisor has.)
  @Test func roundedResultsAreTheNearest() {
    var random = SeededRandom(seed: 32)
    for _ in 0..<3_000 {
      let (lhs, rhs) = (Self.sample(&random), Self.sample(&random))
      let (left, right) = (ExactDecimal(lhs), ExactDecimal(rhs))
      let (a, b) = (BigNumber(left), BigNumber(right))
      let cases: [(ExactDecimal, BigNumber)] = [
        (left + right, a + b), (left - right, a + b.negated), (left * right, a * b),
      ]
      for (result, exact) in cases {
        // |exact − result| ≤ a unit of the result's last digit.
        let error = (exact + BigNumber(result).negated).magnitude
        #expect(error <= BigNumber.unit(at: result.exponent), "\(result.text)")
      }
      if let quotient = left.divided(by: right) {
        // |a − quotient × b| ≤ half a unit of the quotient's last digit, times |b|.
        let error = (a + (BigNumber(quotient) * b).negated).magnitude
        #expect(
          error + error <= BigNumber.unit(at: quotient.exponent) * b.magnitude,
          "\(lhs) / \(rhs) = \(quotient.text)")
      }
    }
  }

  @Test func workedExamples() {
    func exact(_ text: String) -> ExactDecimal { ExactDecimal(Decimal(string: text)!) }
    expectEqual((exact("0.1") + exact("0.2")).text, "0.3")
    expectEqual((exact("0.5") + exact("0.5")).text, "1")
    expectEqual((exact("1.5") - exact("1.5")).text, "0")
    expectEqual((exact("42") * exact("1000")).text, "42000")
    expectEqual((exact("0.0001") * exact("0.5")).text, "0.00005")
    expectEqual(exact("1").divided(by: exact("3"))?.text, "0." + String(repeating: "3", count: 38))
    #expect(
      exact("2").divided(by: exact("3"))?.text == "0." + String(repeating: "6", count: 37) + "7")
    expectEqual(exact("3").divided(by: exact("4"))?.text, "0.75")
    #expect(exact("1").divided(by: .zero) == nil)
    expectEqual(exact("1.005").rounded(fractionDigits: 2).text, "1.01")
    expectEqual(exact("-1.005").rounded(fractionDigits: 2).text, "-1.01")
    expectEqual(exact("-0.004").rounded(fractionDigits: 2).text, "0")
    expectEqual(exact("-12.5").doubleValue, -12.5)
    expectEqual(ExactDecimal.parsed("-0012.50")?.text, "-12.50")
  }
}

/// A decimal of any length, as digits (base 10⁹, least significant first), a power of ten
/// and a sign: the slow, plain arithmetic ``ExactDecimalTests`` checks rounding against.
private struct BigNumber {
  var limbs: [UInt64]
  var exponent: Int
  var isNegative: Bool

  init(_ value: ExactDecimal) {
    var rest = value.significand
    limbs = []
    while rest != 0 {
      limbs.append(UInt64(rest % 1_000_000_000))
      rest /= 1_000_000_000
    }
    exponent = value.exponent
    isNegative = value.isNegative
  }

  init(limbs: [UInt64], exponent: Int, isNegative: Bool) {
    var limbs = limbs
    while limbs.last == 0 { limbs.removeLast() }
    self.limbs = limbs
    self.exponent = exponent
    self.isNegative = isNegative && !limbs.isEmpty
  }

  /// One unit of the digit at 10^exponent.
  static func unit(at exponent: Int) -> BigNumber {
    BigNumber(limbs: [1], exponent: exponent, isNegative: false)
  }

  var negated: BigNumber { BigNumber(limbs: limbs, exponent: exponent, isNegative: !isNegative) }
  var magnitude: BigNumber { BigNumber(limbs: limbs, exponent: exponent, isNegative: false) }

  /// The same value written with the smaller exponent `target`.
  func scaled(to target: Int) -> [UInt64] {
    var digits = limbs
    for _ in 0..<(exponent - target) {
      var carry: UInt64 = 0
      for index in digits.indices {
        let value = digits[index] * 10 + carry
        (digits[index], carry) = (value % 1_000_000_000, value / 1_000_000_000)
      }
      if carry > 0 { digits.append(carry) }
    }
    return digits
  }

  static func compare(_ lhs: [UInt64], _ rhs: [UInt64]) -> Int {
    let (left, right) = (trimmed(lhs), trimmed(rhs))
    if left.count != right.count { return left.count < right.count ? -1 : 1 }
    for index in left.indices.reversed() where left[index] != right[index] {
      return left[index] < right[index] ? -1 : 1
    }
    return 0
  }

  static func trimmed(_ limbs: [UInt64]) -> [UInt64] {
    var limbs = limbs
    while limbs.last == 0 { limbs.removeLast() }
    return limbs
  }

  static func + (lhs: BigNumber, rhs: BigNumber) -> BigNumber {
    let exponent = min(lhs.exponent, rhs.exponent)
    let (left, right) = (lhs.scaled(to: exponent), rhs.scaled(to: exponent))
    let count = max(left.count, right.count) + 1
    func limb(_ limbs: [UInt64], _ index: Int) -> Int64 {
      index < limbs.count ? Int64(limbs[index]) : 0
    }
    if lhs.isNegative == rhs.isNegative {
      var result: [UInt64] = []
      var carry: Int64 = 0
      for index in 0..<count {
        let value = limb(left, index) + limb(right, index) + carry
        result.append(UInt64(value % 1_000_000_000))
        carry = value / 1_000_000_000
      }
      return BigNumber(limbs: result, exponent: exponent, isNegative: lhs.isNegative)
    }
    let leftLarger = compare(left, right) >= 0
    let (large, small) = leftLarger ? (left, right) : (right, left)
    var result: [UInt64] = []
    var borrow: Int64 = 0
    for index in 0..<count {
      var value = limb(large, index) - limb(small, index) - borrow
      borrow = value < 0 ? 1 : 0
      if value < 0 { value += 1_000_000_000 }
      result.append(UInt64(value))
    }
    return BigNumber(
      limbs: result, exponent: exponent, isNegative: leftLarger ? lhs.isNegative : rhs.isNegative)
  }

  static func * (lhs: BigNumber, rhs: BigNumber) -> BigNumber {
    var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
    for (i, left) in lhs.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, right) in rhs.limbs.enumerated() {
        let value = result[i + j] + left * right + carry
        (result[i + j], carry) = (value % 1_000_000_000, value / 1_000_000_000)
      }
      var index = i + rhs.limbs.count
      while carry > 0 {
        let value = result[index] + carry
        (result[index], carry) = (value % 1_000_000_000, value / 1_000_000_000)
        index += 1
      }
    }
    return BigNumber(
      limbs: result, exponent: lhs.exponent + rhs.exponent,
      isNegative: lhs.isNegative != rhs.isNegative)
  }

  static func <= (lhs: BigNumber, rhs: BigNumber) -> Bool {
    let exponent = min(lhs.exponent, rhs.exponent)
    return compare(lhs.magnitude.scaled(to: exponent), rhs.magnitude.scaled(to: exponent)) <= 0
  }
}
