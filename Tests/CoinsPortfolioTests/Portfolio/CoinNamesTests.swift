import CoinsModel
import CoinsUnitTestSupport
import Testing

/// The one naming rule: a known symbol upper-cased, else the id as it is; the id beside a
/// symbol two coins shown share.
@Suite struct CoinNamesTests {
  private let names = CoinNames([
    SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1),
    SearchResult(id: "abc-one", symbol: "abc", name: "ABC One", rank: 300),
    SearchResult(id: "abc-two", symbol: "ABC", name: "ABC Two", rank: 400),
  ])

  @Test func aKnownSymbolElseTheIdAsItIs() {
    expectEqual(names.symbol(of: "bitcoin"), "BTC")
    expectEqual(names.symbol(of: "chaingpt"), "chaingpt")
    // Known symbols shared by coins not shown together: each alone.
    expectEqual(names.symbol(of: "abc-one"), "ABC")
  }

  @Test func theIdFollowsASymbolTwoCoinsShownShare() {
    let shown = names.among(["bitcoin", "abc-one", "abc-two", "abc-one", "chaingpt"])
    expectEqual(shown.symbol(of: "bitcoin"), "BTC")
    expectEqual(shown.symbol(of: "abc-one"), "ABC (abc-one)")
    expectEqual(shown.symbol(of: "abc-two"), "ABC (abc-two)")
    expectEqual(shown.symbol(of: "chaingpt"), "chaingpt")
    // One coin in two rows (two wallets) shares its symbol with no other coin.
    expectEqual(names.among(["abc-one", "abc-one"]).symbol(of: "abc-one"), "ABC")
  }

  @Test func rowsLabelledTogetherFollowTheSameRule() {
    let labels = CoinNames.labels([
      ("bitcoin", "btc"), ("wrapped-x", "x"), ("x-token", "X"), ("chaingpt", nil),
      ("bitcoin", "btc"),
    ])
    expectEqual(labels, ["BTC", "X (wrapped-x)", "X (x-token)", "chaingpt", "BTC"])
  }
}
