import CoinsPresentation
import Testing

@Suite struct CurrencyStyleTests {
  @Test(arguments: [
    ("usd", "$"), ("EUR", "€"), ("gbp", "£"), ("jpy", "¥"), ("btc", "₿"), ("eth", "Ξ"),
    ("cad", "CA$"),
  ])
  func knownSymbols(code: String, symbol: String) {
    let style = CurrencyStyle(code: code)
    #expect(style.symbol == symbol)
    #expect(style.prefix == symbol)
    #expect(style.code == code.lowercased())
  }

  @Test func aCodeWithoutAKnownSymbolIsWrittenAsTheCode() {
    let style = CurrencyStyle(code: "chf")
    #expect(style.symbol == nil)
    #expect(style.prefix == "CHF ")
    #expect(style.displayCode == "CHF")
    #expect(NumberFormat.price(91_000, currency: style) == "CHF 91,000.00")
    #expect(NumberFormat.price(-0.5, currency: style) == "-CHF 0.50")
    #expect(NumberFormat.compact(1e9, currency: style) == "CHF 1.00B")
    #expect(NumberFormat.compact(42, currency: style) == "CHF 42")
  }

  @Test func displayCodeIsUpperCase() {
    #expect(CurrencyStyle(code: "usd").displayCode == "USD")
    #expect(CurrencyStyle.none.prefix == "")
  }
}
