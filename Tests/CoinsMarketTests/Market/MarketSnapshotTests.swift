import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketSnapshotTests {
  private let snapshot = MarketSnapshot(
    coins: [
      Fixtures.coin("nine", rank: 9), Fixtures.coin("zeta", rank: nil),
      Fixtures.coin("eight", rank: 8), Fixtures.coin("alpha", rank: nil),
      Fixtures.coin("one", rank: 1),
    ], currency: "usd", asOf: ManualTimeSource.start, source: .live)

  @Test func withoutMarketCapsTopFollowsRankWithUnrankedLastByID() {
    expectEqual(snapshot.top(10).map(\.id), ["one", "eight", "nine", "alpha", "zeta"])
    expectEqual(snapshot.top(2).map(\.id), ["one", "eight"])
    expectEqual(snapshot.top(0), [])
  }

  @Test func equalRanksAreOrderedByID() {
    let tied = MarketSnapshot(
      coins: [Fixtures.coin("b", rank: 3), Fixtures.coin("a", rank: 3)], currency: "usd",
      asOf: ManualTimeSource.start, source: .live)
    expectEqual(tied.top(2).map(\.id), ["a", "b"])
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
    expectEqual(market.top(2).map(\.id), ["ranked-1", "unranked-big"])
    #expect(
      market.top(10).map(\.id) == [
        "ranked-1", "unranked-big", "ranked-3", "tie-ranked", "tie-a", "tie-b", "no-cap",
      ])
  }

  @Test func anAnswerInOrderIsKeptAndACoinOutOfPlaceAnywhereIsSortedIn() {
    func top(_ caps: [(String, Double)], _ count: Int = 10) -> [String] {
      let coins = caps.enumerated().map { Fixtures.coin($1.0, rank: $0 + 1, marketCap: $1.1) }
      return MarketSnapshot(
        coins: coins, currency: "usd", asOf: ManualTimeSource.start, source: .live
      )
      .top(count).map(\.id)
    }
    expectEqual(top([("a", 300), ("b", 200), ("c", 100)]), ["a", "b", "c"])
    expectEqual(top([("a", 300), ("b", 200), ("c", 100)], 2), ["a", "b"])
    // Out of place last, then first: the check reads every pair.
    expectEqual(top([("a", 300), ("b", 200), ("c", 100), ("d", 250)]), ["a", "d", "b", "c"])
    expectEqual(top([("x", 50), ("a", 300), ("b", 200)]), ["a", "b", "x"])
    expectEqual(top([("a", 300)]), ["a"])
    expectEqual(top([]), [])
  }

  @Test func findsACoinByID() {
    expectEqual(snapshot.coin(id: "eight")?.rank, 8)
    #expect(snapshot.coin(id: "Eight") == nil)
  }
}
