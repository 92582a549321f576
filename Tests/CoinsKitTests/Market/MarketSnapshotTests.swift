import Foundation
import Testing

@testable import CoinsKit

@Suite struct MarketSnapshotTests {
  private let snapshot = MarketSnapshot(
    coins: [
      Fixtures.coin("nine", rank: 9), Fixtures.coin("zeta", rank: nil),
      Fixtures.coin("eight", rank: 8), Fixtures.coin("alpha", rank: nil),
      Fixtures.coin("one", rank: 1),
    ], currency: "usd", asOf: ManualTimeSource.start, source: .live)

  @Test func topOrdersByRankWithUnrankedLastByID() {
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

  @Test func findsACoinByID() {
    #expect(snapshot.coin(id: "eight")?.rank == 8)
    #expect(snapshot.coin(id: "Eight") == nil)
  }
}
