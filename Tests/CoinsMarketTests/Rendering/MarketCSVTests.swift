import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct MarketCSVTests {
  @Test func headerThenOneRowPerCoin() {
    let coins = [
      Coin(
        id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 50_000.5, change1h: 0.25,
        change24h: -1.5, change7d: nil, marketCap: 1.82e12, volume: 63.2e9),
      Coin(id: "nothing", symbol: "nil", name: "Nothing Known"),
    ]
    #expect(
      MarketCSV.render(coins)
        == "rank,id,symbol,name,price,change1h,change24h,change7d,marketCap,volume\n"
        + "1,bitcoin,btc,Bitcoin,50000.5,0.25,-1.5,,1820000000000,63200000000\n"
        + ",nothing,nil,Nothing Known,,,,,,\n")
  }

  @Test func noCoinsIsJustTheHeader() {
    #expect(
      MarketCSV.render([])
        == "rank,id,symbol,name,price,change1h,change24h,change7d,marketCap,volume\n")
  }

  @Test(arguments: [
    ("Bitcoin", "Bitcoin"),
    ("Foo, Inc", "\"Foo, Inc\""),
    ("Say \"hi\"", "\"Say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("=1+2", "'=1+2"),
    (
      "=HYPERLINK(\"http://evil.test\",\"x\")",
      "\"'=HYPERLINK(\"\"http://evil.test\"\",\"\"x\"\")\""
    ),
    ("+1 coin", "'+1 coin"),
    ("-1 coin", "'-1 coin"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("a=b", "a=b"),
    ("", ""),
  ])
  func textFieldsAreQuotedAndDefused(text: String, expected: String) {
    expectEqual(CSVField.report(text), expected)
  }

  /// A report is read by people, never back: a text that starts with `'` is left as it is, where
  /// the export (`portfolio export --csv`) guards it once more so that the import gives it back.
  @Test func aReportLeavesALeadingQuoteWhereTheExportGuardsIt() {
    expectEqual(CSVField.report("'=x"), "'=x")
    expectEqual(CSVField.encode("'=x"), "''=x")
    expectEqual(CSVField.decode("''=x"), "'=x")
    expectEqual(CSVField.report("'plain, text"), "\"'plain, text\"")
  }

  @Test func everyTextColumnIsProtected() {
    let coin = Coin(id: "=cmd", symbol: "@x", name: "a,b", rank: 3)
    expectEqual(MarketCSV.render([coin]).split(separator: "\n").last, "3,'=cmd,'@x,\"a,b\",,,,,,")
  }
}
