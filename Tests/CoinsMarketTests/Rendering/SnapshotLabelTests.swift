import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct SnapshotLabelTests {
  private let asOf = ManualTimeSource.start

  private func snapshot(_ source: DataSource, reason: String? = nil) -> MarketSnapshot {
    MarketSnapshot(coins: [], currency: "usd", asOf: asOf, source: source, staleReason: reason)
  }

  @Test func timestamp() {
    expectEqual(SnapshotLabel.timestamp(asOf), "2025-07-25 14:53:48 UTC")
    #expect(
      SnapshotLabel.timestamp(Date(timeIntervalSince1970: 0.999)) == "1970-01-01 00:00:00 UTC")
  }

  @Test(arguments: [
    (0.0, "0 s"), (12.9, "12 s"), (59, "59 s"), (60, "1 min"), (420, "7 min"), (3_599, "59 min"),
    (3_600, "1 h"), (11_100, "3 h 5 min"), (86_399, "23 h 59 min"), (86_400, "1 d"),
    (187_200, "2 d 4 h"), (-30, "0 s"), (1e15, "11574074 d 1 h"), (.infinity, "an unknown time"),
    (.nan, "an unknown time"),
  ])
  func age(seconds: Double, expected: String) {
    expectEqual(SnapshotLabel.age(seconds), expected)
  }

  @Test func freshness() {
    let now = asOf + 420
    #expect(
      SnapshotLabel.freshness(of: snapshot(.live), now: now) == "live, 2025-07-25 14:53:48 UTC")
    #expect(
      SnapshotLabel.freshness(of: snapshot(.cache), now: now)
        == "CACHED 7 min ago (2025-07-25 14:53:48 UTC), not live")
    #expect(
      SnapshotLabel.freshness(of: snapshot(.sample), now: now)
        == "SAMPLE DATA from 2025-07-25 14:53:48 UTC, not live prices")
  }

  @Test func warnings() {
    let now = asOf + 7_500
    #expect(SnapshotLabel.warning(for: snapshot(.live, reason: "x"), now: now) == nil)
    #expect(
      SnapshotLabel.warning(for: snapshot(.cache, reason: "CoinGecko answered HTTP 503."), now: now)
        == "Warning: CoinGecko answered HTTP 503. Showing cached data from 2 h 5 min ago "
        + "(2025-07-25 14:53:48 UTC), not live prices.")
    #expect(
      SnapshotLabel.warning(for: snapshot(.cache), now: now)
        == "Warning: Showing cached data from 2 h 5 min ago (2025-07-25 14:53:48 UTC), not live prices."
    )
    #expect(
      SnapshotLabel.warning(
        for: snapshot(.sample, reason: "CoinGecko did not answer within 30 s."), now: now)
        == "Warning: CoinGecko did not answer within 30 s. Showing the SAMPLE data bundled with "
        + "coins, recorded 2025-07-25 14:53:48 UTC, not live prices.")
  }

  @Test func aReasonWithoutAFullStopGetsOneBeforeTheNextSentence() {
    let now = asOf + 420
    #expect(
      SnapshotLabel.warning(
        for: snapshot(.cache, reason: "CoinGecko answered HTTP 500: Internal Server Error"),
        now: now)
        == "Warning: CoinGecko answered HTTP 500: Internal Server Error. Showing cached data "
        + "from 7 min ago (2025-07-25 14:53:48 UTC), not live prices.")
    #expect(
      SnapshotLabel.warning(for: snapshot(.sample, reason: "Overloaded!"), now: now)
        == "Warning: Overloaded! Showing the SAMPLE data bundled with coins, recorded "
        + "2025-07-25 14:53:48 UTC, not live prices.")
  }
}
