import CoinsModel
import CoinsUnitTestSupport
import FoundationEssentials
import Testing

@Suite struct HistoryRangeTests {
  /// 2026-03-10T12:00:00Z: 68.5 days after 1 January.
  private let march = Date(timeIntervalSince1970: 1_773_144_000)

  @Test func daysAsked() {
    expectEqual(HistoryRange.day.marketChartDays(at: march), "1")
    expectEqual(HistoryRange.year.marketChartDays(at: march), "365")
    expectEqual(HistoryRange.max.marketChartDays(at: march), "max")
    expectEqual(HistoryRange.yearToDate.marketChartDays(at: march), "69")
    expectEqual(HistoryRange.yearToDate.candleDays(at: march), "90")
    expectEqual(HistoryRange.week.candleDays(at: march), "7")
    expectEqual(HistoryRange.max.candleDays(at: march), "max")
  }

  @Test func startOfTheYearToDate() {
    // 2026-01-01T00:00:00Z.
    expectEqual(HistoryRange.yearToDate.start(at: march), 1_767_225_600_000)
    expectEqual(HistoryRange.day.start(at: march), 1_773_057_600_000)
    #expect(HistoryRange.max.start(at: march) == nil)
  }

  @Test func freePlanReachesAYear() {
    #expect(!HistoryRange.year.exceedsFreePlan(at: march))
    #expect(HistoryRange.max.exceedsFreePlan(at: march))
    let old = HistoryWindow.between(from: 1_700_000_000, to: 1_700_086_400)
    #expect(old.exceedsFreePlan(at: march))
    #expect(
      !HistoryWindow.between(from: 1_772_000_000, to: 1_773_000_000).exceedsFreePlan(at: march))
  }

  @Test func cacheAgeIsTheSpacing() {
    expectEqual(HistoryRange.day.cacheAge(at: march), 300)
    expectEqual(HistoryRange.week.cacheAge(at: march), 3600)
    expectEqual(HistoryRange.quarter.cacheAge(at: march), 3600)
    expectEqual(HistoryRange.halfYear.cacheAge(at: march), 86_400)
    expectEqual(HistoryRange.yearToDate.cacheAge(at: march), 3600)
    expectEqual(HistoryRange.max.cacheAge(at: march), 86_400)
    expectEqual(HistoryWindow.between(from: 0, to: 86_400).cacheAge(at: march), 300)
  }

  @Test func labels() {
    expectEqual(HistoryRange.list, "1d|7d|14d|30d|90d|180d|1y|3y|5y|ytd|max")
    #expect(
      HistoryWindow.between(from: 1_767_225_600, to: 1_769_904_000).label
        == "2026-01-01..2026-02-01")
    expectEqual(HistoryWindow.range(.year).cacheKey, "1y")
  }

  /// Today 2026-03-10 (day 20,522; 1 January is 20,454): the whole days through yesterday,
  /// 20,521. 3y is 1,095 days back to 20,521 − 1,094; 5y 1,825 back to 20,521 − 1,824; ytd from
  /// 1 January; max from the first transaction, none without one; ytd on 1 January is empty.
  @Test func wholeDaysThroughYesterday() {
    expectEqual(HistoryRange.threeYears.days(today: 20_522, firstDay: nil), 19_427...20_521)
    expectEqual(HistoryRange.fiveYears.days(today: 20_522, firstDay: nil), 18_697...20_521)
    expectEqual(HistoryRange.week.days(today: 20_522, firstDay: nil), 20_515...20_521)
    expectEqual(HistoryRange.yearToDate.days(today: 20_522, firstDay: nil), 20_454...20_521)
    expectEqual(HistoryRange.max.days(today: 20_522, firstDay: 20_000), 20_000...20_521)
    #expect(HistoryRange.max.days(today: 20_522, firstDay: nil) == nil)
    #expect(HistoryRange.yearToDate.days(today: 20_454, firstDay: nil) == nil)
    expectEqual(HistoryRange.threeYears.marketChartDays(at: Date(timeIntervalSince1970: 0)), "1095")
  }
}
