import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// Money of a two-digit currency written from whole cents (below 10^16 of them), and the
/// figures beyond that written the general way: the same text either side of the edge.
@Suite struct MoneyCentsTests {
  static func d(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test(arguments: [
    // Zero, and a loss that rounds to zero: no minus sign.
    ("0", "$0.00", "+$0.00"), ("-0.004", "$0.00", "+$0.00"), ("-0.005", "$0.00", "+$0.00"),
    // Half to even at the cent: 2.675 → 2.68 (7 is odd), 2.665 → 2.66, 0.0051 → 0.01.
    ("2.675", "$2.68", "+$2.68"), ("-2.665", "-$2.66", "-$2.66"), ("0.0051", "$0.01", "+$0.01"),
    // Tiny and huge exponents.
    ("0.000000000000000000000000000001", "$0.00", "+$0.00"),
    (
      "100000000000000000000", "$100,000,000,000,000,000,000.00",
      "+$100,000,000,000,000,000,000.00"
    ),
    // The last figure of 16 digits of cents, and the first of 17 (written the general way).
    ("99999999999999.99", "$99,999,999,999,999.99", "+$99,999,999,999,999.99"),
    ("99999999999999.995", "$100,000,000,000,000.00", "+$100,000,000,000,000.00"),
    ("-100000000000000", "-$100,000,000,000,000.00", "-$100,000,000,000,000.00"),
    // 19 and 21 significant digits.
    ("12345678901234567.89", "$12,345,678,901,234,567.89", "+$12,345,678,901,234,567.89"),
    (
      "-1234567890123456789.015", "-$1,234,567,890,123,456,789.02",
      "-$1,234,567,890,123,456,789.02"
    ),
    // Grouping at each length of the whole part.
    ("1", "$1.00", "+$1.00"), ("12.3", "$12.30", "+$12.30"), ("123.45", "$123.45", "+$123.45"),
    ("1234.5", "$1,234.50", "+$1,234.50"), ("-123456.7", "-$123,456.70", "-$123,456.70"),
    ("1234567", "$1,234,567.00", "+$1,234,567.00"),
  ])
  func writesDollarsFromCents(_ value: String, _ text: String, _ signed: String) {
    let usd = CurrencyStyle(code: "usd")
    expectEqual(MoneyFormat.text(Self.d(value), currency: usd), text)
    expectEqual(MoneyFormat.signed(Self.d(value), currency: usd), signed)
  }

  @Test func aCodeBeforeTheFigureAndOtherMinorUnitsAsBefore() {
    #expect(
      MoneyFormat.text(Self.d("-1234.565"), currency: CurrencyStyle(code: "chf")) == "-CHF 1,234.56"
    )
    #expect(
      MoneyFormat.text(Self.d("1234.565"), currency: CurrencyStyle(code: "eur")) == "€1,234.56")
    expectEqual(MoneyFormat.text(Self.d("1234.5"), currency: CurrencyStyle(code: "jpy")), "¥1,234")
    expectEqual(
      MoneyFormat.text(Self.d("1.2345"), currency: CurrencyStyle(code: "bhd")), "BHD 1.234")
  }

  @Test func aTaxReportWritesTheSameFigures() {
    var bytes = TaxReportBytes(TaxReportText(currency: "gbp"))
    for text in ["0", "-0.004", "2.675", "-1234567.891", "99999999999999.995"] {
      bytes.append(money: Self.d(text))
      bytes.append(literal: " ")
      bytes.append(signed: Self.d(text))
      bytes.append(literal: "; ")
    }
    #expect(
      String(decoding: bytes.bytes, as: UTF8.self)
        == "£0.00 +£0.00; £0.00 +£0.00; £2.68 +£2.68; -£1,234,567.89 -£1,234,567.89; "
        + "£100,000,000,000,000.00 +£100,000,000,000,000.00; ")
  }
}
