import CoinsModel
import CoinsPresentation
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A tax report's lines as bytes: the dates, whole numbers and figures its text writes.
@Suite struct TaxReportBytesTests {
  @Test func writesDatesOfLocalDaysAndUndated() {
    var bytes = TaxReportBytes(TaxReportText(currency: "eur"))
    // Day 0 is 1970-01-01; 19,783 days later is 2024-03-01 (54 years of 365 days, 13 leap
    // days 1972–2020, then 31 + 29 days of 2024); 19,782 is the leap day before it.
    for day in [19_783, 19_782, 19_783, 0, nil, Int.min, -1] as [Int?] {
      bytes.append(date: day)
      bytes.append(" ")
    }
    #expect(
      String(decoding: bytes.bytes, as: UTF8.self)
        == "2024-03-01 2024-02-29 2024-03-01 1970-01-01 undated undated 1969-12-31 ")
  }

  @Test func writesWholeNumbersDecimalsAndMoney() {
    var bytes = TaxReportBytes(TaxReportText(currency: "eur"))
    for value in [0, 7, 366, -42, 1_000_000] {
      bytes.append(integer: value)
      bytes.append(",")
    }
    bytes.append(decimal: PortfolioFixtures.decimal("0.5"))
    bytes.append(",")
    bytes.append(money: PortfolioFixtures.decimal("1000"))
    bytes.append(",")
    bytes.append(signed: PortfolioFixtures.decimal("-20.005"))
    bytes.append(",")
    bytes.append(money: nil)
    // -20.005 rounds half to even to -20.00.
    #expect(
      String(decoding: bytes.bytes, as: UTF8.self)
        == "0,7,366,-42,1000000,0.5,€1,000.00,-€20.00,unknown")
  }

  @Test func writesMoneyOfEverySizeAndSignAsTheReportsDo() {
    var bytes = TaxReportBytes(TaxReportText(currency: "gbp"))
    let figures = [
      "1234567.891", "0.5", "0", "-0.004", "-0.005", "0.015", "1E+3", "-1000000",
      "99999999999999.99", "123456789012345678.5",
    ]
    for text in figures {
      bytes.append(money: PortfolioFixtures.decimal(text))
      bytes.append(" ")
    }
    bytes.append(signed: PortfolioFixtures.decimal("0"))
    bytes.append(" ")
    bytes.append(signed: PortfolioFixtures.decimal("-0.001"))
    bytes.append(" ")
    bytes.append(signed: PortfolioFixtures.decimal("12.345"))
    bytes.append(" ")
    bytes.append(signed: PortfolioFixtures.decimal("-12.355"))
    // Half to even: -0.005 to -0.00 (written 0.00, no sign), 0.015 to 0.02, 12.345 to 12.34,
    // -12.355 to -12.36; past 10^16 pence the figure is still written in full.
    #expect(
      String(decoding: bytes.bytes, as: UTF8.self)
        == "£1,234,567.89 £0.50 £0.00 £0.00 £0.00 £0.02 £1,000.00 -£1,000,000.00 "
        + "£99,999,999,999,999.99 £123,456,789,012,345,678.50 +£0.00 +£0.00 +£12.34 -£12.36")
  }

  @Test func writesMoneyWithoutMinorUnitsAsTheReportsDo() {
    var bytes = TaxReportBytes(TaxReportText(currency: "jpy"))
    bytes.append(money: PortfolioFixtures.decimal("1234.5"))
    bytes.append(" ")
    bytes.append(signed: PortfolioFixtures.decimal("-1500"))
    expectEqual(String(decoding: bytes.bytes, as: UTF8.self), "¥1,234 -¥1,500")
  }
}
