import CoinsServices
import Testing

/// What every refresh of `coins watch` asks the market for.
@Suite struct MarketRequestWatchTests {
  @Test func theTopWithTheHeldAndAlertedCoinsEachOnce() {
    let request = MarketRequest.watch(
      currency: "eur", top: 20, watchlist: nil, portfolio: false, held: ["bitcoin", "solana"],
      alertCoins: ["solana", "dogecoin"], maxAge: 60)
    #expect(request.count == 20)
    #expect(request.extraIDs == ["bitcoin", "solana", "dogecoin"])
    #expect(request.currency == "eur")
    #expect(request.allowFallback == false)
  }

  @Test func theWholeFirstPageForThePortfolio() {
    let request = MarketRequest.watch(
      currency: "usd", top: 20, watchlist: nil, portfolio: true, held: ["bitcoin"],
      alertCoins: [], maxAge: 60)
    #expect(request.count == 250)
    #expect(request.extraIDs == ["bitcoin"])
  }

  @Test func aWatchlistAloneAsksForNoTop() {
    let request = MarketRequest.watch(
      currency: "usd", top: 20, watchlist: ["ethereum", "bitcoin"], portfolio: false,
      held: ["bitcoin"], alertCoins: [], maxAge: 60)
    #expect(request.count == 0)
    #expect(request.extraIDs == ["ethereum", "bitcoin"])
  }
}
