import CoinsModel
import CoinsServices
import Foundation
import Testing

/// When a cached snapshot may answer a request without asking CoinGecko.
@Suite struct CacheCoverageTests {
  private func snapshot(ranks: [Int?]) -> MarketSnapshot {
    MarketSnapshot(
      coins: ranks.enumerated().map {
        Coin(id: "c\($0.offset)", symbol: "c", name: "C", rank: $0.element)
      },
      currency: "usd", asOf: Date(timeIntervalSince1970: 0), source: .live)
  }

  @Test func coinsFetchedByIdOutsideThePagesDoNotStandInForTopRanks() {
    // The top 250 plus a holding ranked 640, as `portfolio value` caches it.
    let cached = snapshot(ranks: Array(1...250) + [640])
    #expect(CoinDataService.covers(cached, MarketRequest(count: 250)))
    #expect(!CoinDataService.covers(cached, MarketRequest(count: 251)))
    #expect(CoinDataService.covers(cached, MarketRequest(count: 20, extraIDs: ["c250"])))
    #expect(!CoinDataService.covers(cached, MarketRequest(count: 20, extraIDs: ["elsewhere"])))
  }

  @Test func aFullSecondPageCoversTopFiveHundred() {
    #expect(CoinDataService.covers(snapshot(ranks: Array(1...500)), MarketRequest(count: 500)))
    #expect(!CoinDataService.covers(snapshot(ranks: Array(1...499)), MarketRequest(count: 500)))
  }
}
