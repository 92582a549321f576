import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// The taxpayer's day: London's and Berlin's local dates around midnight, in summer and in
/// winter, and the tax years' calendars.
@Suite struct TaxZoneTests {
  @Test func londonAndBerlinAroundMidnight() {
    // Winter: London is UTC, Berlin UTC+1.
    expectEqual(TaxZone.europeLondon.day(of: F.at("2024-01-15T23:59:00Z")), F.day("2024-01-15"))
    expectEqual(TaxZone.europeBerlin.day(of: F.at("2024-01-15T22:59:00Z")), F.day("2024-01-15"))
    expectEqual(TaxZone.europeBerlin.day(of: F.at("2024-01-15T23:00:00Z")), F.day("2024-01-16"))
    // Summer: London UTC+1, Berlin UTC+2.
    expectEqual(TaxZone.europeLondon.day(of: F.at("2024-07-01T22:59:00Z")), F.day("2024-07-01"))
    expectEqual(TaxZone.europeLondon.day(of: F.at("2024-07-01T23:00:00Z")), F.day("2024-07-02"))
    expectEqual(TaxZone.europeBerlin.day(of: F.at("2024-07-01T21:59:00Z")), F.day("2024-07-01"))
    expectEqual(TaxZone.europeBerlin.day(of: F.at("2024-07-01T22:00:00Z")), F.day("2024-07-02"))
    // Summer time began at 01:00 UTC on 31 March 2024 and ended at 01:00 UTC on 27 October.
    expectEqual(TaxZone.europeLondon.offset(at: F.at("2024-03-31T00:59:59Z")), 0)
    expectEqual(TaxZone.europeLondon.offset(at: F.at("2024-03-31T01:00:00Z")), 3_600)
    expectEqual(TaxZone.europeBerlin.offset(at: F.at("2024-10-27T00:59:59Z")), 7_200)
    expectEqual(TaxZone.europeBerlin.offset(at: F.at("2024-10-27T01:00:00Z")), 3_600)
    expectEqual(TaxZone.utc.day(of: F.at("1969-12-31T23:00:00Z")), -1)
  }

  @Test(arguments: ["Europe/London", "Europe/Berlin"])
  func offsetsAgreeWithFoundationsZone(_ name: String) throws {
    let ours = try #require(TaxZone.named(name))
    let theirs = try #require(TimeZone(identifier: name))
    // Every 7 hours from 2010 to 2035 (crossing each change at a different hour).
    var moment = F.at("2010-01-01T00:30:00Z")
    let end = F.at("2035-01-01T00:00:00Z")
    while moment < end {
      #expect(ours.offset(at: moment) == theirs.secondsFromGMT(for: moment), "\(moment)")
      moment += 7 * 3_600
    }
  }

  @Test func taxYears() {
    let uk = TaxYearCalendar.fromSixthOfApril
    expectEqual(uk.year(ofDay: F.day("2024-04-05")), 2023)
    expectEqual(uk.year(ofDay: F.day("2024-04-06")), 2024)
    expectEqual(uk.year(ofDay: F.day("2025-04-05")), 2024)
    expectEqual(uk.label(2024), "2024/25")
    expectEqual(uk.label(2009), "2009/10")
    expectEqual(uk.label(2099), "2099/00")
    expectEqual(uk.firstDay(of: 2024), F.day("2024-04-06"))
    expectEqual(uk.lastDay(of: 2024), F.day("2025-04-05"))
    let calendar = TaxYearCalendar.calendarYear
    expectEqual(calendar.year(ofDay: F.day("2024-12-31")), 2024)
    expectEqual(calendar.year(ofDay: F.day("2025-01-01")), 2025)
    expectEqual(calendar.label(2024), "2024")
  }
}
