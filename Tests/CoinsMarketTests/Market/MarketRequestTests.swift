import CoinsServices
import CoinsUnitTestSupport
import Testing

@Suite struct MarketRequestTests {
  @Test func defaults() {
    let request = MarketRequest()
    expectEqual(request, MarketRequest(currency: "usd", count: 250, extraIDs: [], maxAge: 60))
    #expect(request.allowFallback)
  }

  @Test func currencyIsLowerCased() {
    expectEqual(MarketRequest(currency: "EUR").currency, "eur")
  }

  // A count of 0 is a watchlist: its ids alone, no page.
  @Test(arguments: [(0, 0), (1, 1), (250, 1), (251, 2), (500, 2), (501, 3), (999, 4), (1000, 4)])
  func pageCount(count: Int, pages: Int) {
    expectEqual(MarketRequest(count: count).pageCount, pages)
  }
}
