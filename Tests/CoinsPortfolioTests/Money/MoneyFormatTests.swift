import CoinsModel
import CoinsPresentation
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Money text, written byte by byte: the same text as the string-based formatter it replaced
/// (kept here as ``reference(_:currency:)``), figure for figure.
@Suite struct MoneyFormatTests {
  static func d(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test(arguments: [
    ("usd", "1234.5", "$1,234.50"), ("usd", "-500", "-$500.00"), ("usd", "0", "$0.00"),
    ("usd", "-0.004", "$0.00"), ("usd", "0.125", "$0.12"), ("usd", "999999.995", "$1,000,000.00"),
    ("jpy", "150000.5", "¥150,000"), ("bhd", "1.25", "BHD 1.250"), ("btc", "0.5", "₿0.50"),
    ("btc", "0.123456785", "₿0.12345678"), ("btc", "12", "₿12.00"),
    ("chf", "91000", "CHF 91,000.00"),
  ])
  func writesMoneyInTheMinorUnit(_ code: String, _ value: String, _ expected: String) {
    expectEqual(MoneyFormat.text(Self.d(value), currency: CurrencyStyle(code: code)), expected)
  }

  @Test func signedShowsPlusForZeroAndMinusOnlyWhenRoundedBelowZero() {
    let usd = CurrencyStyle(code: "usd")
    expectEqual(MoneyFormat.signed(Self.d("3990"), currency: usd), "+$3,990.00")
    expectEqual(MoneyFormat.signed(Self.d("-500"), currency: usd), "-$500.00")
    expectEqual(MoneyFormat.signed(Self.d("-0.004"), currency: usd), "+$0.00")
    expectEqual(MoneyFormat.signed(nil, currency: usd, unknown: "unknown"), "unknown")
    expectEqual(MoneyFormat.text(nil as Decimal?, currency: usd), "—")
  }

  @Test func writesTheSameFiguresAsBytesAfterWhatIsThere() {
    var bytes = Array("proceeds ".utf8)
    let usd = CurrencyStyle(code: "usd")
    MoneyFormat.write(Self.d("1234.565"), currency: usd, plus: false, unknown: "?", into: &bytes)
    bytes += Array(", gain ".utf8)
    MoneyFormat.write(Self.d("-0.004"), currency: usd, plus: true, unknown: "?", into: &bytes)
    bytes += Array(", ".utf8)
    MoneyFormat.write(nil, currency: usd, plus: true, unknown: "unknown", into: &bytes)
    bytes += Array(", ".utf8)
    MoneyFormat.write(
      Self.d("-150000.5"), currency: CurrencyStyle(code: "jpy"), plus: true, unknown: "?",
      into: &bytes)
    bytes += Array(", ".utf8)
    MoneyFormat.write(
      Self.d("0.1"), currency: CurrencyStyle(code: "btc"), plus: false, unknown: "?", into: &bytes)
    // Half to even: 1234.565 is $1,234.56; -0.004 rounds to 0, written +; 150000.5 is ¥150,000.
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "proceeds $1,234.56, gain +$0.00, unknown, -¥150,000, ₿0.10")
  }

  @Test func matchesTheStringBasedFormatterOnRandomFigures() {
    var random = SeededRandom(seed: 29)
    let codes = ["usd", "jpy", "bhd", "btc", "eth", "eur", "sats", "xau", "", "chf"]
    for _ in 0..<5_000 {
      let whole = random.below(4) == 0 ? random.below(10) : random.below(1_000_000_000)
      let fraction = String(random.next() % 1_000_000_000_000).prefix(random.below(13))
      let sign = random.below(3) == 0 ? "-" : ""
      let text = "\(sign)\(whole)" + (fraction.isEmpty ? "" : ".\(fraction)")
      let value = Self.d(text)
      let style = CurrencyStyle(code: random.pick(codes))
      expectEqual(MoneyFormat.text(value, currency: style), Self.reference(value, currency: style))
      #expect(
        MoneyFormat.signed(value, currency: style)
          == Self.referenceSigned(value, currency: style), "\(text)")
    }
    for text in ["1e30", "-1e30", "123456789012345678901234567.891", "0.000000001"] {
      let value = Self.d(text)
      for code in codes {
        let style = CurrencyStyle(code: code)
        expectEqual(
          MoneyFormat.text(value, currency: style), Self.reference(value, currency: style))
      }
    }
  }

  /// The formatter as it was written before, on strings.
  static func reference(_ value: Decimal, currency: CurrencyStyle) -> String {
    var digits = MoneyRounding.fixedText(value < 0 ? -value : value, in: currency.code)
    if MinorUnit.digits(of: currency.code) == 8 {
      while digits.hasSuffix("0"), let point = digits.firstIndex(of: "."),
        digits.distance(from: point, to: digits.endIndex) > 3
      {
        digits.removeLast()
      }
    }
    let point = digits.firstIndex(of: ".") ?? digits.endIndex
    let whole = digits[..<point]
    var grouped = ""
    for (index, character) in whole.enumerated() {
      if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(character)
    }
    let negative = value < 0 && MoneyRounding.rounded(value, in: currency.code) != 0
    return (negative ? "-" : "") + currency.prefix + grouped + digits[point...]
  }

  /// ``MoneyFormat/signed(_:currency:unknown:)`` as it was written before.
  static func referenceSigned(_ value: Decimal, currency: CurrencyStyle) -> String {
    let text = reference(value < 0 ? -value : value, currency: currency)
    let negative = MoneyRounding.rounded(value, in: currency.code).map { $0 < 0 } ?? false
    return (negative ? "-" : "+") + text
  }
}
