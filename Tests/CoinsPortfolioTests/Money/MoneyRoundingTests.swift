import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Half-to-even rounding to each currency's minor unit, worked digit by digit.
@Suite struct MoneyRoundingTests {
  static func d(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test(arguments: [
    // A tie goes to the even neighbour: 0.125 → 0.12 (2 is even), 0.135 → 0.14 (4 is even).
    ("0.125", 2, "0.12"), ("0.135", 2, "0.14"), ("0.145", 2, "0.14"), ("0.155", 2, "0.16"),
    ("-0.125", 2, "-0.12"), ("-0.135", 2, "-0.14"),
    // Anything past the half is not a tie: up.
    ("0.1250001", 2, "0.13"), ("0.12499999", 2, "0.12"),
    // A carry through nines, and into a new digit.
    ("0.995", 2, "1"), ("9.995", 2, "10"), ("99.999", 2, "100"),
    // Whole units (yen): 2.5 → 2, 3.5 → 4, 150000.5 → 150000, 150001.5 → 150002.
    ("2.5", 0, "2"), ("3.5", 0, "4"), ("150000.5", 0, "150000"), ("150001.5", 0, "150002"),
    // Thousandths (dinars) and a coin's eight decimals.
    ("1.2345", 3, "1.234"), ("1.2355", 3, "1.236"), ("0.123456785", 8, "0.12345678"),
    ("0.123456775", 8, "0.12345678"),
    // What the issue saw: the noise of a float sum, and a long exact quotient.
    ("7098.500000000001", 2, "7098.5"), ("1000.043333333333333333", 2, "1000.04"),
    ("3950.000000000000542337", 2, "3950"),
    // Nothing to round; a tiny loss rounds to 0, not -0.
    ("42", 2, "42"), ("0.1", 2, "0.1"), ("-0.004", 2, "0"),
  ])
  func roundsHalfToEven(_ value: String, _ digits: Int, _ expected: String) {
    expectEqual(MoneyRounding.rounded(Self.d(value), digits: digits), Self.d(expected))
  }

  @Test func eachCurrencyRoundsToItsMinorUnit() {
    expectEqual(MinorUnit.digits(of: "usd"), 2)
    expectEqual(MinorUnit.digits(of: "EUR"), 2)
    expectEqual(MinorUnit.digits(of: "jpy"), 0)
    expectEqual(MinorUnit.digits(of: "krw"), 0)
    expectEqual(MinorUnit.digits(of: "vnd"), 0)
    expectEqual(MinorUnit.digits(of: "clp"), 0)
    expectEqual(MinorUnit.digits(of: "bhd"), 3)
    expectEqual(MinorUnit.digits(of: "kwd"), 3)
    expectEqual(MinorUnit.digits(of: "btc"), 8)
    expectEqual(MinorUnit.digits(of: "eth"), 8)
    expectEqual(MinorUnit.digits(of: "sol"), 8)
    expectEqual(MinorUnit.digits(of: "xau"), 8)
    expectEqual(MinorUnit.digits(of: "sats"), 0)
    expectEqual(MinorUnit.digits(of: "bits"), 2)
    expectEqual(MoneyRounding.rounded(Self.d("1234.565"), in: "usd"), Self.d("1234.56"))
    expectEqual(MoneyRounding.rounded(Self.d("1234.5"), in: "jpy"), Self.d("1234"))
    #expect(MoneyRounding.rounded(nil, in: "usd") == nil)
  }

  @Test func fixedTextWritesTheMinorUnitsDigits() {
    expectEqual(MoneyRounding.fixedText(Self.d("7098.5"), in: "usd"), "7098.50")
    expectEqual(MoneyRounding.fixedText(Self.d("7098.505"), in: "usd"), "7098.50")
    expectEqual(MoneyRounding.fixedText(Self.d("150000.4"), in: "jpy"), "150000")
    expectEqual(MoneyRounding.fixedText(0, in: "usd"), "0.00")
    expectEqual(MoneyRounding.fixedText(Self.d("-0.5"), in: "eur"), "-0.50")
    expectEqual(MoneyRounding.fixedText(Self.d("0.5"), in: "btc"), "0.50000000")
    expectEqual(MoneyRounding.fixedText(Self.d("1.2"), in: "bhd"), "1.200")
  }

  @Test func sumsAreUnknownWhenAFigureIs() {
    expectEqual(MoneyRounding.sum([Self.d("0.1"), Self.d("0.2")]), Self.d("0.3"))
    #expect(MoneyRounding.sum([Self.d("0.1"), nil]) == nil)
    expectEqual(MoneyRounding.sum([]), 0)
  }
}

/// A gain rounded from the exact difference of its proceeds and cost basis.
@Suite struct RoundedDifferenceTests {
  static func d(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test(arguments: [
    // 10.005 − 0 is a tie: to the even cent, 10.00; 10.015 − 0 to 10.02.
    ("10.005", "0", "10"), ("10.015", "0", "10.02"),
    // 100.1 − 100.105 = −0.005: a tie, to 0 (not −0); −0.015 to −0.02.
    ("100.1", "100.105", "0"), ("100.1", "100.115", "-0.02"),
    // Nothing to round; a difference of zero.
    ("5", "2.5", "2.5"), ("3.333", "3.333", "0"),
    // 21 digits less 0.0049999: 123456789012345678901.0000001 rounds to the whole.
    ("123456789012345678901.005", "0.0049999", "123456789012345678901"),
  ])
  func roundsTheExactDifference(_ lhs: String, _ rhs: String, _ expected: String) {
    #expect(
      MoneyRounding.roundedDifference(Self.d(lhs), Self.d(rhs), digits: 2) == Self.d(expected))
  }

  @Test func unknownWhenEitherIs() {
    #expect(MoneyRounding.roundedDifference(nil, Self.d("1"), digits: 2) == nil)
    #expect(MoneyRounding.roundedDifference(Self.d("1"), nil, digits: 2) == nil)
  }
}
