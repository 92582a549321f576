import CoinsPresentation
import CoinsUnitTestSupport
import Testing

/// `ASCIIText.folded`: the same width, printable ASCII only.
@Suite struct ASCIITextTests {
  @Test(arguments: [
    ("Top 5 coins by market cap in USD · live", "Top 5 coins by market cap in USD - live"),
    ("2× in 30 days – up ▲ 3.2% → ok…", "2x in 30 days - up ^ 3.2% > ok~"),
    ("Pokémon Ærø ß", "Pokemon Aro s"),
    ("e\u{301}t\u{e9}", "ete"),  // a combining accent and a precomposed one
    ("│ ┬ └ ─", "| + + -"),
    ("ビットコイン", "????????????"),  // wide characters: one ? per cell
    ("BTC 🚀 x", "BTC ?? x"),
    ("\u{1B}[32m+1.0%\u{1B}[0m", "\u{1B}[32m+1.0%\u{1B}[0m"),  // colours pass through
    ("zero\u{200B}width", "zerowidth"),
  ])
  func foldsToPrintableASCIIOfTheSameWidth(text: String, expected: String) {
    let folded = ASCIIText.folded(text)
    expectEqual(folded, expected)
    expectEqual(folded.utf8.count, DisplayWidth.of(text))
  }

  @Test func asciiCurrencyStylesNameTheCodeForSignsBeyondASCII() {
    expectEqual(CurrencyStyle(code: "eur").ascii(true).prefix, "EUR ")
    expectEqual(CurrencyStyle(code: "usd").ascii(true).prefix, "$")
    expectEqual(CurrencyStyle(code: "eur").ascii(false).prefix, "€")
  }
}
