import Foundation
import Testing

@testable import CoinsModel

@Suite struct MarketSnapshotTests {
  private let snapshot = MarketSnapshot(
    coins: [
      Fixtures.coin("nine", rank: 9), Fixtures.coin("zeta", rank: nil),
      Fixtures.coin("eight", rank: 8), Fixtures.coin("alpha", rank: nil),
      Fixtures.coin("one", rank: 1),
    ], currency: "usd", asOf: ManualTimeSource.start, source: .live)

  @Test func withoutMarketCapsTopFollowsRankWithUnrankedLastByID() {
    #expect(snapshot.top(10).map(\.id) == ["one", "eight", "nine", "alpha", "zeta"])
    #expect(snapshot.top(2).map(\.id) == ["one", "eight"])
    #expect(snapshot.top(0) == [])
  }

  @Test func equalRanksAreOrderedByID() {
    let tied = MarketSnapshot(
      coins: [Fixtures.coin("b", rank: 3), Fixtures.coin("a", rank: 3)], currency: "usd",
      asOf: ManualTimeSource.start, source: .live)
    #expect(tied.top(2).map(\.id) == ["a", "b"])
  }

  @Test func topIsTheLargestMarketCapsWithUnknownCapsLastAndTiesByRankThenID() {
    let market = MarketSnapshot(
      coins: [
        Fixtures.coin("ranked-3", rank: 3, marketCap: 100),
        Fixtures.coin("no-cap", rank: 2, marketCap: nil),
        Fixtures.coin("unranked-big", rank: nil, marketCap: 700),
        Fixtures.coin("ranked-1", rank: 1, marketCap: 1_000),
        Fixtures.coin("tie-b", rank: nil, marketCap: 50),
        Fixtures.coin("tie-a", rank: nil, marketCap: 50),
        Fixtures.coin("tie-ranked", rank: 9, marketCap: 50),
      ], currency: "usd", asOf: ManualTimeSource.start, source: .live)
    #expect(market.top(2).map(\.id) == ["ranked-1", "unranked-big"])
    #expect(
      market.top(10).map(\.id) == [
        "ranked-1", "unranked-big", "ranked-3", "tie-ranked", "tie-a", "tie-b", "no-cap",
      ])
  }

  @Test func findsACoinByID() {
    #expect(snapshot.coin(id: "eight")?.rank == 8)
    #expect(snapshot.coin(id: "Eight") == nil)
  }
}
