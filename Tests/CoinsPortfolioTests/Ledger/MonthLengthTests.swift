import CoinsModel
import CoinsUnitTestSupport
import Testing

/// The last day of each month of the Gregorian calendar, which holding periods and summer
/// time are counted by: leap years every fourth, but not in a century unless it divides by 400.
@Suite struct MonthLengthTests {
  @Test func monthsHaveTheirDaysAndFebruaryItsLeapDay() {
    #expect(
      (1...12).map { HoldingPeriod.lastDay(year: 2023, month: $0) } == [
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
      ])
    expectEqual(HoldingPeriod.lastDay(year: 2024, month: 2), 29)
    expectEqual(HoldingPeriod.lastDay(year: 1900, month: 2), 28)
    expectEqual(HoldingPeriod.lastDay(year: 2000, month: 2), 29)
    expectEqual(HoldingPeriod.lastDay(year: 2100, month: 2), 28)
    expectEqual(HoldingPeriod.lastDay(year: 1600, month: 2), 29)
  }
}
