import CoinsModel
import CoinsPresentation
import CoinsSupport
import CoinsUnitTestSupport
import Testing

@Suite struct NumberFormatTests {
  private let usd = CurrencyStyle(code: "usd")

  @Test(arguments: [
    (50_000.0, "$50,000.00"),
    (3_000.5, "$3,000.50"),
    (1, "$1.00"),
    (999.999, "$1,000.00"),
    (1_234_567.891, "$1,234,567.89"),
    (0.5, "$0.50"),
    (0.99999, "$1.00"),
    (0.1234567, "$0.1235"),
    (0.012, "$0.012"),
    (0.0000085, "$0.0000085"),
    (0.000012346, "$0.00001235"),
    (0.000000001, "$0.000000001"),
    (0, "$0.00"),
    (-2.5, "-$2.50"),
    (-0.0000085, "-$0.0000085"),
    (2.5e12, "$2.50T"),
    (1e-15, "$1.00e-15"),
  ])
  func price(value: Double, expected: String) {
    expectEqual(NumberFormat.price(value, currency: usd), expected)
  }

  @Test func unknownPriceIsADash() {
    expectEqual(NumberFormat.price(nil, currency: usd), "—")
    expectEqual(NumberFormat.price(.nan, currency: usd), "—")
    expectEqual(NumberFormat.price(.infinity, currency: usd), "—")
  }

  @Test func priceUsesTheCurrencySymbol() {
    expectEqual(NumberFormat.price(1_234.5, currency: CurrencyStyle(code: "eur")), "€1,234.50")
    expectEqual(NumberFormat.price(0.05, currency: CurrencyStyle(code: "btc")), "₿0.05")
    expectEqual(NumberFormat.price(1_234.5, currency: CurrencyStyle(code: "xyz")), "XYZ 1,234.50")
  }

  @Test(arguments: [
    (1.82e12, "$1.82T"),
    (63.2e9, "$63.2B"),
    (999.6e9, "$1.00T"),
    (999.4e9, "$999B"),
    (512e6, "$512M"),
    (4_100, "$4.10K"),
    (999.4, "$999"),
    (12.3, "$12"),
    (5.5, "$5.50"),
    (0, "$0.00"),
    (-63.2e9, "-$63.2B"),
    // Past a thousand trillion, still trillions (a supply of 4.34e15 is a real coin's);
    // past a million trillion, absurd: scientific.
    (1.5e15, "$1,500T"),
    (4.343_7e15, "$4,340T"),
    (999.6e12, "$1,000T"),
    (123_456e12, "$123,000T"),
    (999_499e12, "$999,000T"),
    (999_500e12, "$1.00e+18"),
    (-2.5e16, "-$25,000T"),
  ])
  func compact(value: Double, expected: String) {
    expectEqual(NumberFormat.compact(value, currency: usd), expected)
  }

  @Test func compactWithoutCurrency() {
    expectEqual(NumberFormat.compact(19_700_000), "19.7M")
    expectEqual(NumberFormat.compact(nil), "—")
  }

  @Test(arguments: [
    (1.234, "+1.23%"),
    (0.006, "+0.01%"),
    (-0.456, "-0.46%"),
    (0, "0.00%"),
    (-0.001, "0.00%"),
    (0.004, "0.00%"),
    (-99.999, "-100.00%"),
    (12_345.678, "+12345.68%"),
    (250_000, "+250K%"),
  ])
  func percent(value: Double, expected: String) {
    expectEqual(NumberFormat.percent(value), expected)
  }

  @Test func unknownPercentIsADash() {
    expectEqual(NumberFormat.percent(nil), "—")
    expectEqual(NumberFormat.percent(.nan), "—")
    expectEqual(NumberFormat.percent(-.infinity), "—")
  }

  @Test func hugeValuesStayShortAndNeverCrash() {
    let huge = [1e308, Double.greatestFiniteMagnitude, -1e308, 1e100]
    for value in huge {
      let price = NumberFormat.price(value, currency: usd)
      let compact = NumberFormat.compact(value, currency: usd)
      let percent = NumberFormat.percent(value)
      let amount = NumberFormat.amount(value)
      for text in [price, compact, percent, amount] {
        #expect(text.count <= 12, "\(text)")
      }
    }
    expectEqual(NumberFormat.price(1e308, currency: usd), "$1.00e+308")
    expectEqual(NumberFormat.compact(Double.greatestFiniteMagnitude), "1.80e+308")
    expectEqual(NumberFormat.percent(1e308), "+1.00e+308%")
    expectEqual(NumberFormat.price(-1e100, currency: usd), "-$1.00e+100")
  }

  @Test func tinyValuesNeverCrash() {
    for value in [Double.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 5e-13] {
      let text = NumberFormat.price(value, currency: usd)
      #expect(text.hasPrefix("$"))
      #expect(text.count <= 12, "\(text)")
    }
    expectEqual(NumberFormat.price(Double.leastNormalMagnitude, currency: usd), "$2.23e-308")
    expectEqual(NumberFormat.price(5e-13, currency: usd), "$5.00e-13")
    expectEqual(NumberFormat.percent(Double.leastNonzeroMagnitude), "0.00%")
  }

  @Test
  func subnormalPriceKeepsItsDigits() {
    expectEqual(NumberFormat.price(Double.leastNonzeroMagnitude, currency: usd), "$4.94e-324")
  }

  @Test(arguments: [
    (1.5, "1.5"), (0.123456789, "0.12345679"), (1_234_567, "1,234,567"), (0, "0"),
    (-2.25, "-2.25"),
  ])
  func amount(value: Double, expected: String) {
    expectEqual(NumberFormat.amount(value), expected)
  }

  @Test(arguments: [
    (50_000.0, "50000"), (0.5, "0.5"), (-1.5, "-1.5"), (0.0000085, "8.5e-06"),
    (1.82e12, "1820000000000"),
    (1e20, "1e+20"), (0.1, "0.1"), (3.456, "3.456"),
  ])
  func exact(value: Double, expected: String) {
    expectEqual(JSONText.exact(value), expected)
  }

  @Test func exactRefusesNonFinite() {
    #expect(JSONText.exact(.nan) == nil)
    #expect(JSONText.exact(.infinity) == nil)
  }
}
