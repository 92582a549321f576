import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct TrimmingTests {
  @Test(arguments: [
    ("  btc ", "btc"), ("\tbtc\t", "btc"), ("b t c", "b t c"), ("   ", ""), ("", ""),
    ("\u{00A0}btc\u{2003}", "btc"), ("\nbtc\n", "\nbtc\n"), (" \n btc", "\n btc"),
  ])
  func whitespaceKeepsLineBreaks(text: String, trimmed: String) {
    expectEqual(text.trimmingWhitespace(), trimmed)
  }

  @Test(arguments: [
    (" \n btc \r\n", "btc"), ("\n\n", ""), ("a\nb", "a\nb"), ("\u{2028}x\u{85}", "x"),
  ])
  func whitespaceAndNewlinesTrimsBoth(text: String, trimmed: String) {
    expectEqual(text.trimmingWhitespaceAndNewlines(), trimmed)
  }

  @Test func substringsTrimToo() {
    let line = "a,  b ,c"
    expectEqual(line.split(separator: ",").map { $0.trimmingWhitespace() }, ["a", "b", "c"])
  }
}
