import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Short or long term on both sides of the line, counted in UTC days.
@Suite struct HoldingPeriodTests {
  static func day(_ text: String) -> Date { PortfolioFixtures.date("\(text)T00:00:00Z") }

  /// Term and days of coins acquired on `acquired` and sold on `sold` (`YYYY-MM-DD`).
  static func held(_ acquired: String, _ sold: String, _ rule: LongTermRule = .afterAnniversary)
    -> (HoldingTerm?, Int?)
  {
    (
      HoldingPeriod.term(acquired: day(acquired), sold: day(sold), rule: rule),
      HoldingPeriod.days(from: day(acquired), to: day(sold))
    )
  }

  @Test func longTermStartsTheDayAfterTheAnniversary() {
    // Bought 2025-03-10: the anniversary 2026-03-10 is still short (365 days), the day after
    // long (366 days).
    #expect(Self.held("2025-03-10", "2026-03-09") == (.short, 364))
    #expect(Self.held("2025-03-10", "2026-03-10") == (.short, 365))
    #expect(Self.held("2025-03-10", "2026-03-11") == (.long, 366))
    // Across a 29 February the anniversary is 366 days on: 2023-03-01 → 2024-03-01.
    #expect(Self.held("2023-03-01", "2024-03-01") == (.short, 366))
    #expect(Self.held("2023-03-01", "2024-03-02") == (.long, 367))
    // Years later is long; the same day is short and 0 days.
    expectEqual(Self.held("2020-06-15", "2026-01-01").0, .long)
    #expect(Self.held("2026-01-01", "2026-01-01") == (.short, 0))
  }

  @Test func aLotBoughtOnAMonthsLastDayCompletesItsYearOnAMonthsLastDay() {
    // Rev. Rul. 66-7: bought 2020-02-29, each holding month ends on a month's last day, so the
    // year ends 2021-02-28 and a sale on 2021-03-01 is long (366 days).
    #expect(
      HoldingPeriod.anniversary(of: HoldingPeriod.day(of: Self.day("2020-02-29")))
        == HoldingPeriod.day(of: Self.day("2021-02-28")))
    #expect(Self.held("2020-02-29", "2021-02-28") == (.short, 365))
    #expect(Self.held("2020-02-29", "2021-03-01") == (.long, 366))
    // Bought 2019-02-28, the last day of that February: its year ends 2020-02-29, so a sale
    // that day is still short (366 days), the next day long.
    #expect(Self.held("2019-02-28", "2020-02-29") == (.short, 366))
    #expect(Self.held("2019-02-28", "2020-03-01") == (.long, 367))
    // 28 February of a leap year is not its month's last day: its anniversary is 28 February.
    #expect(Self.held("2024-02-28", "2025-02-28") == (.short, 366))
    #expect(Self.held("2024-02-28", "2025-03-01") == (.long, 367))
    // The ordinary case: bought 2020-03-15, sold 2021-03-15 short, 2021-03-16 long.
    #expect(Self.held("2020-03-15", "2021-03-15") == (.short, 365))
    #expect(Self.held("2020-03-15", "2021-03-16") == (.long, 366))
    // Other months' last days fall on the same date a year on: 30 April → 30 April.
    #expect(Self.held("2024-04-30", "2025-04-30") == (.short, 365))
    #expect(Self.held("2024-04-30", "2025-05-01") == (.long, 366))
  }

  @Test func monthsLastDays() {
    expectEqual(HoldingPeriod.lastDay(year: 2024, month: 2), 29)
    expectEqual(HoldingPeriod.lastDay(year: 2100, month: 2), 28)
    expectEqual(HoldingPeriod.lastDay(year: 2000, month: 2), 29)
    expectEqual(HoldingPeriod.lastDay(year: 2025, month: 12), 31)
    expectEqual(HoldingPeriod.lastDay(year: 2025, month: 4), 30)
  }

  @Test func daysAreUTCDaysWhateverTheHour() {
    // 23:59 on one day to 00:01 on the day after the anniversary: 366 UTC days, long.
    let acquired = PortfolioFixtures.date("2025-03-10T23:59:00Z")
    let sold = PortfolioFixtures.date("2026-03-11T00:01:00Z")
    expectEqual(HoldingPeriod.days(from: acquired, to: sold), 366)
    expectEqual(HoldingPeriod.term(acquired: acquired, sold: sold, rule: .afterAnniversary), .long)
    // A time zone offset is read as UTC: 2026-03-11T01:00+02:00 is 2026-03-10T23:00Z, short.
    let early = PortfolioFixtures.date("2026-03-11T01:00:00+02:00")
    expectEqual(
      HoldingPeriod.term(acquired: acquired, sold: early, rule: .afterAnniversary), .short)
  }

  @Test func aRuleOfDaysIsMoreThanThatManyDays() {
    #expect(Self.held("2025-03-10", "2026-03-10", .afterDays(365)) == (.short, 365))
    #expect(Self.held("2025-03-10", "2026-03-11", .afterDays(365)) == (.long, 366))
    #expect(Self.held("2025-03-10", "2025-03-11", .afterDays(0)) == (.long, 1))
    #expect(Self.held("2025-03-10", "2025-03-10", .afterDays(0)) == (.short, 0))
  }

  @Test func anUndatedLotHasNoTerm() {
    #expect(
      HoldingPeriod.term(acquired: nil, sold: Self.day("2026-01-01"), rule: .afterAnniversary)
        == nil)
    #expect(HoldingPeriod.days(from: Self.day("2026-01-01"), to: nil) == nil)
  }
}
