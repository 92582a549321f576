import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// ``ExactDecimal``'s sums, text and rounding on either side of what 64 bits hold (2⁶⁴ − 1 =
/// 18,446,744,073,709,551,615) and of 19 digits, where the work takes a shorter way: the same
/// figures either way, worked out by hand.
@Suite struct ExactDecimalBoundaryTests {
  static func exact(_ text: String) -> ExactDecimal { ExactDecimal(Decimal(string: text)!) }

  @Test func sumsDropTheirTrailingZerosOnEitherSideOf64Bits() {
    let whole = Self.exact("0.25") + Self.exact("0.75")
    #expect((whole.significand, whole.exponent, whole.text) == (1, 0, "1"))
    // 9,999,999,999,999,999,999 + 1 = 10¹⁹: one digit, nineteen zeros.
    let power = Self.exact("9999999999999999999") + Self.exact("1")
    #expect((power.significand, power.exponent) == (1, 19))
    expectEqual(power.text, "10000000000000000000")
    // 2⁶⁴ + 4 = 18,446,744,073,709,551,620: 1,844,674,407,370,955,162 tens.
    let beyond = Self.exact("18446744073709551616") + Self.exact("4")
    #expect((beyond.significand, beyond.exponent) == (1_844_674_407_370_955_162, 1))
    expectEqual(beyond.text, "18446744073709551620")
    // 2⁶⁴ − 1 is odd: nothing to drop.
    let largest = Self.exact("18446744073709551614") + Self.exact("1")
    #expect((largest.significand, largest.exponent) == (18_446_744_073_709_551_615, 0))
  }

  @Test func textOfNineteenDigitsAndMore() {
    expectEqual(Self.exact("9999999999999999999").text, "9999999999999999999")
    expectEqual(Self.exact("1.0000000000000000001").text, "1.0000000000000000001")
    expectEqual(Self.exact("9999999999999999999.9").text, "9999999999999999999.9")
    expectEqual(Self.exact("-0.0000000000000000001").text, "-0.0000000000000000001")
  }

  @Test func moneyRoundsHalfToEvenOnEitherSideOf64Bits() {
    func cents(_ text: String) -> String {
      MoneyRounding.rounded(Self.exact(text), digits: 2).text
    }
    expectEqual(cents("0.125"), "0.12")
    expectEqual(cents("0.135"), "0.14")
    expectEqual(cents("-2.675"), "-2.68")
    // 18,446,744,073,709,551,615 thousandths: the last digit a half, the cent before it odd.
    expectEqual(cents("18446744073709551.615"), "18446744073709551.62")
    // 21 digits before the point, 24 in all: past 64 bits.
    expectEqual(cents("123456789012345678901.235"), "123456789012345678901.24")
    expectEqual(cents("123456789012345678901.245"), "123456789012345678901.24")
  }
}
