#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When a tax year begins: 1 January (the US, Germany) or 6 April (the UK, whose 2024/25 runs
/// from 6 April 2024 to 5 April 2025). A tax year is named by the calendar year it begins in.
public struct TaxYearCalendar: Sendable, Equatable {
  /// The month the tax year begins in, 1–12.
  public let startMonth: Int
  /// Its first day in that month.
  public let startDay: Int

  /// The calendar year, 1 January to 31 December.
  public static let calendarYear = TaxYearCalendar(startMonth: 1, startDay: 1)
  /// The UK's tax year, 6 April to 5 April.
  public static let fromSixthOfApril = TaxYearCalendar(startMonth: 4, startDay: 6)

  /// The tax year (named by the year it begins in) that local day `day` falls in; `Int.min`
  /// for an undated one (`Int.min`).
  public func year(ofDay day: Int) -> Int {
    guard day != Int.min else { return Int.min }
    let year = ISO8601Timestamp.civilFromDays(day).year
    return day >= firstDay(of: year) ? year : year - 1
  }

  /// Where each tax year's items are among `count` items sorted by local day (item `index`'s
  /// is `day(index)`): one run of them per year, each item's year worked out once.
  package func runs(of count: Int, day: (Int) -> Int) -> [Int: Range<Int>] {
    var runs: [Int: Range<Int>] = [:]
    var start = 0
    while start < count {
      let year = self.year(ofDay: day(start))
      var end = start + 1
      while end < count, self.year(ofDay: day(end)) == year { end += 1 }
      runs[year] = start..<end
      start = end
    }
    return runs
  }

  /// The local day number of the first day of tax year `year`.
  public func firstDay(of year: Int) -> Int {
    ISO8601Timestamp.daysFromCivil(year: year, month: startMonth, day: startDay)
  }

  /// The local day number of the last day of tax year `year`.
  public func lastDay(of year: Int) -> Int { firstDay(of: year + 1) - 1 }

  /// The year's name: `2024` for a calendar year, `2024/25` for one beginning in April.
  public func label(_ year: Int) -> String {
    guard startMonth != 1 || startDay != 1 else { return String(year) }
    let next = String((year + 1) % 100)
    return "\(year)/\(next.count == 1 ? "0" + next : next)"
  }
}
