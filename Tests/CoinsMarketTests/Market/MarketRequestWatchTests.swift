import CoinsServices
import CoinsUnitTestSupport
import Testing

/// What every refresh of `coins watch` asks the market for.
@Suite struct MarketRequestWatchTests {
  @Test func theTopWithTheHeldAndAlertedCoinsEachOnce() {
    let request = MarketRequest.watch(
      currency: "eur", top: 20, watchlist: nil, portfolio: false, held: ["bitcoin", "solana"],
      alertCoins: ["solana", "dogecoin"], maxAge: 60)
    expectEqual(request.count, 20)
    expectEqual(request.extraIDs, ["bitcoin", "solana", "dogecoin"])
    expectEqual(request.currency, "eur")
    expectEqual(request.allowFallback, false)
  }

  @Test func theWholeFirstPageForThePortfolio() {
    let request = MarketRequest.watch(
      currency: "usd", top: 20, watchlist: nil, portfolio: true, held: ["bitcoin"],
      alertCoins: [], maxAge: 60)
    expectEqual(request.count, 250)
    expectEqual(request.extraIDs, ["bitcoin"])
  }

  @Test func aWatchlistAloneAsksForNoTop() {
    let request = MarketRequest.watch(
      currency: "usd", top: 20, watchlist: ["ethereum", "bitcoin"], portfolio: false,
      held: ["bitcoin"], alertCoins: [], maxAge: 60)
    expectEqual(request.count, 0)
    expectEqual(request.extraIDs, ["ethereum", "bitcoin"])
  }
}
