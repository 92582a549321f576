import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// Times people read, in the zone the command shows them in, marked with it; the days a
/// command reckons with (lots, daily histories) stay UTC days.
@Suite struct DisplayZoneTests {
  private static let tokyo = DisplayZone(fixedOffset: 9 * 3600, abbreviation: "JST")
  private static let newYork = DisplayZone(fixedOffset: -5 * 3600, abbreviation: "EST")
  /// 2025-07-25T14:53:48Z.
  private static let moment = ManualTimeSource.start

  @Test func timestampsAreOnTheZonesClockAndNamedByIt() {
    DisplayZone.$current.withValue(Self.tokyo) {
      // 14:53:48 UTC + 9 h = 23:53:48 the same day in Tokyo.
      expectEqual(SnapshotLabel.timestamp(Self.moment), "2025-07-25 23:53:48 JST")
      expectEqual(SnapshotLabel.minute(Self.moment), "2025-07-25 23:53 JST")
    }
    DisplayZone.$current.withValue(Self.newYork) {
      // 14:53:48 − 5 h = 09:53:48; and 02:00 UTC is the evening before in New York.
      expectEqual(SnapshotLabel.timestamp(Self.moment), "2025-07-25 09:53:48 EST")
      #expect(
        SnapshotLabel.timestamp(Date(timeIntervalSince1970: 1_753_408_800))
          == "2025-07-24 21:00:00 EST")
    }
    expectEqual(SnapshotLabel.timestamp(Self.moment), "2025-07-25 14:53:48 UTC")
  }

  @Test func aDaysHoursAreTickedOnTheLocalClock() {
    // 2025-11-28T12:00Z … 2025-11-29T12:00Z over 73 columns: in Tokyo 21:00 … 21:00, so the
    // 3-hour ticks fall at 21:00 JST, 00:00 JST (15:00 UTC, "Nov 29"), 03:00 JST and so on.
    let axis = TimeAxis(start: 1_764_331_200_000, end: 1_764_417_600_000, columns: 73)
    let ticks = DisplayZone.$current.withValue(Self.tokyo) { axis.ticks() }
    #expect(
      ticks.map(\.1) == [
        "21:00", "Nov 29", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00",
      ])
    // Nov 29 00:00 JST is 2025-11-28T15:00Z.
    expectEqual(ticks.dropFirst().first?.0, 1_764_342_000_000)
  }

  @Test func aYearKeepsItsUTCMonths() {
    let year = TimeAxis(start: 1_720_137_600_000, end: 1_751_587_200_000, columns: 71)
    let local = DisplayZone.$current.withValue(Self.newYork) { year.ticks() }
    expectEqual(local.map(\.0), year.ticks().map(\.0))
  }

  @Test func aMarkerSaysTheLocalTimeOfAnIntradayPoint() {
    // 2025-11-29T02:00Z is Nov 28 21:00 in New York.
    let local = DisplayZone.$current.withValue(Self.newYork) {
      ChartTime.moment(ChartTime.shown(1_764_381_600_000), daily: false)
    }
    expectEqual(local, "Nov 28 21:00")
  }

  @Test func aZoneWithoutLettersIsWrittenAsItsOffset() {
    expectEqual(DisplayZone.numeric(5 * 3600 + 1800), "+0530")
    expectEqual(DisplayZone.numeric(-8 * 3600), "-0800")
    expectEqual(DisplayZone.numeric(0), "+0000")
  }

  @Test func aLotsDayIsItsUTCDay() {
    // Bought 2026-11-29T20:00Z: the 30th in Tokyo, but the lot's day stays the 29th.
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        lots: [
          Lot(amount: 1, cost: 100, date: ISO8601Timestamp.parse("2026-11-29T20:00:00Z"))
        ])
    ])
    let text = DisplayZone.$current.withValue(Self.tokyo) {
      PortfolioListing.text(portfolio, file: "/p.json", width: 80)
    }
    #expect(text.contains("2026-11-29  cost $100.00"))
  }
}
