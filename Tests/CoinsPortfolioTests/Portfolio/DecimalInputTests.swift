import CoinsModel
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct DecimalInputTests {
  private func decimal(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test(arguments: [
    ("0.5", "0.5"), ("10", "10"), (".25", "0.25"), ("42000", "42000"), ("0.00000001", "0.00000001"),
    ("007", "7"), ("1.50", "1.5"), (" 2 ", "2"), ("3.", "3"),
    ("0.123456789012345678", "0.123456789012345678"),
    ("1000000000000000", "1000000000000000"),
  ])
  func acceptsPlainDecimals(text: String, canonical: String) throws {
    let value = try #require(DecimalInput.parse(text))
    expectEqual(value, decimal(canonical))
    expectEqual(DecimalInput.text(value), canonical)
    expectEqual(DecimalInput.amount(text), value)
  }

  @Test func tenthPlusTwoTenthsIsExactlyThreeTenths() throws {
    let sum = try #require(DecimalInput.amount("0.1")) + #require(DecimalInput.amount("0.2"))
    expectEqual(sum, decimal("0.3"))
    expectEqual(DecimalInput.text(sum), "0.3")
    #expect(0.1 + 0.2 != 0.3 as Double)
  }

  @Test func zeroIsADecimalButNotAnAmount() {
    expectEqual(DecimalInput.parse("0"), 0)
    expectEqual(DecimalInput.parse("0.000"), 0)
    #expect(DecimalInput.amount("0") == nil)
    #expect(DecimalInput.amount("0.000") == nil)
    #expect(DecimalInput.amount(".0") == nil)
  }

  @Test(arguments: [
    "-1", "-0.5", "+1", "abc", "nan", "NaN", "inf", "Infinity", "1e999", "1e3", "1E3", "", " ",
    ".", "1.2.3", "0x10", "1,5", "1 000", "1_000", "٣", "１", "0.5btc", "$5",
  ])
  func refusesAnythingButPlainDecimalNotation(text: String) {
    #expect(DecimalInput.parse(text) == nil)
    #expect(DecimalInput.amount(text) == nil)
  }

  @Test func refusesMoreThanEighteenFractionDigits() {
    #expect(DecimalInput.parse("0." + String(repeating: "1", count: 18)) != nil)
    #expect(DecimalInput.parse("0." + String(repeating: "1", count: 19)) == nil)
    #expect(DecimalInput.parse("0." + String(repeating: "0", count: 19)) == nil)
  }

  @Test func refusesValuesAboveTheMaximum() {
    expectEqual(DecimalInput.maximum, decimal("1000000000000000"))
    #expect(DecimalInput.parse("1000000000000000.000000000000000001") == nil)
    #expect(DecimalInput.parse("1000000000000001") == nil)
    #expect(DecimalInput.parse(String(repeating: "9", count: 30)) == nil)
  }

  @Test func refusesTextLongerThanFortyCharacters() {
    let forty = String(repeating: "0", count: 39) + "1"
    expectEqual(DecimalInput.parse(forty), 1)
    #expect(DecimalInput.parse("0" + forty) == nil)
  }

  @Test func textIsCanonicalAndRoundsToEighteenDigits() {
    expectEqual(DecimalInput.text(decimal("42000")), "42000")
    expectEqual(DecimalInput.text(decimal("0.5")), "0.5")
    expectEqual(DecimalInput.text(decimal("2.500")), "2.5")
    expectEqual(DecimalInput.text(decimal("0.1234567890123456789")), "0.123456789012345679")
    expectEqual(DecimalInput.text(decimal("1000000000000000")), "1000000000000000")
    expectEqual(DecimalInput.text(0), "0")
  }

  @Test(arguments: [
    ("0.0000000000000000005", "0.000000000000000001"),
    ("0.0000000000000000004999", "0"),
    ("0.9999999999999999995", "1"),
    ("99.9999999999999999999", "100"),
    ("1.0000000000000000015", "1.000000000000000002"),
  ])
  func roundsHalfAwayFromZeroOnTheExactDigits(text: String, canonical: String) {
    expectEqual(DecimalInput.text(decimal(text)), canonical)
    expectEqual(DecimalInput.text(-decimal(text)), (canonical == "0" ? "0" : "-" + canonical))
  }

  @Test func manySmallAmountsSumExactly() throws {
    var sum = Decimal(0)
    for _ in 0..<1000 { sum += try #require(DecimalInput.amount("0.001")) }
    expectEqual(sum, 1)
    expectEqual(DecimalInput.text(sum), "1")
  }
}

/// The quick reading of plain figures gives what `Decimal(string:)` gives, in the same form.
@Suite struct DecimalInputQuickReadingTests {
  @Test func plainFiguresReadAsDecimalReadsThem() {
    var random = SeededRandom(seed: 17)
    for _ in 0..<20_000 {
      var text = String((0..<random.below(12)).map { _ in random.pick(Array("0123456789")) })
      if random.below(2) == 0 {
        text += "." + String((0..<random.below(19)).map { _ in random.pick(Array("0123456789")) })
      }
      if let value = DecimalInput.plainValue(text), let decimal = Decimal(string: text) {
        expectEqual(value, decimal)
        expectEqual(value.description, decimal.description)
        expectEqual(value.exponent, decimal.exponent)
        expectEqual(DecimalInput.parse(text), decimal)
      }
    }
  }
}
