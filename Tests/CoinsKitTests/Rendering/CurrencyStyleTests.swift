import Testing

@testable import CoinsKit

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

  @Test func unknownCodeHasNoSymbol() {
    let style = CurrencyStyle(code: "xyz")
    #expect(style.symbol == nil)
    #expect(style.prefix == "")
    #expect(style.displayCode == "XYZ")
  }

  @Test func displayCodeIsUpperCase() {
    #expect(CurrencyStyle(code: "usd").displayCode == "USD")
    #expect(CurrencyStyle.none.prefix == "")
  }
}
