import CoinGeckoAPI
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct BundledSampleTests {
  @Test func sampleIsLabelledAndDatedByItsNewestCoin() throws {
    var early = Fixtures.three[0]
    early.lastUpdated = "2025-07-25T14:00:00.000Z"
    var late = Fixtures.three[1]
    late.lastUpdated = "2025-07-25T14:53:48.000Z"
    let snapshot = try BundledSample.snapshot(from: Data(Fixtures.body([early, late]).utf8))
    expectEqual(snapshot.source, .sample)
    expectEqual(snapshot.currency, "usd")
    expectEqual(snapshot.asOf, ManualTimeSource.start)
    expectEqual(snapshot.staleReason, "sample data bundled with coins")
    expectEqual(snapshot.coins.map(\.id), ["bitcoin", "ethereum"])
  }

  @Test func unreadableSampleThrows() {
    #expect(throws: CoinGeckoError.self) {
      try BundledSample.snapshot(from: Data("<html></html>".utf8))
    }
  }

  @Test func shippedSampleIsARealisticTop250() throws {
    let snapshot = try #require(BundledSample.load())
    expectEqual(snapshot.coins.count, 250)
    expectEqual(snapshot.top(250).map(\.rank), Array(1...250))
    #expect(snapshot.coins.filter { ($0.sparkline?.count ?? 0) >= 100 }.count >= 200)
    #expect(snapshot.asOf > Date(timeIntervalSince1970: 1_600_000_000))
  }
}
