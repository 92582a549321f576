import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct CurrencyStyleTests {
  @Test(arguments: [
    ("usd", "$"), ("EUR", "€"), ("gbp", "£"), ("jpy", "¥"), ("btc", "₿"), ("eth", "Ξ"),
    ("cad", "CA$"),
  ])
  func knownSymbols(code: String, symbol: String) {
    let style = CurrencyStyle(code: code)
    expectEqual(style.symbol, symbol)
    expectEqual(style.prefix, symbol)
    expectEqual(style.code, code.lowercased())
  }

  @Test func aCodeWithoutAKnownSymbolIsWrittenAsTheCode() {
    let style = CurrencyStyle(code: "chf")
    #expect(style.symbol == nil)
    expectEqual(style.prefix, "CHF ")
    expectEqual(style.displayCode, "CHF")
    expectEqual(NumberFormat.price(91_000, currency: style), "CHF 91,000.00")
    expectEqual(NumberFormat.price(-0.5, currency: style), "-CHF 0.50")
    expectEqual(NumberFormat.compact(1e9, currency: style), "CHF 1.00B")
    expectEqual(NumberFormat.compact(42, currency: style), "CHF 42")
  }

  @Test func displayCodeIsUpperCase() {
    expectEqual(CurrencyStyle(code: "usd").displayCode, "USD")
    expectEqual(CurrencyStyle.none.prefix, "")
  }
}
