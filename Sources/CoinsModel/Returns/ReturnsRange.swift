/// The spans `portfolio performance --range` takes: those of `portfolio chart`, and three and
/// five years. A range is whole UTC days and ends with the last closed one (yesterday): a
/// day's end value is the next day's open.
public enum ReturnsRange: String, Sendable, Equatable, CaseIterable {
  case day = "1d"
  case week = "7d"
  case twoWeeks = "14d"
  case month = "30d"
  case quarter = "90d"
  case halfYear = "180d"
  case year = "1y"
  case threeYears = "3y"
  case fiveYears = "5y"
  case yearToDate = "ytd"
  case max = "max"

  /// The ranges as help lists them: `1d|7d|…|max`.
  public static var list: String { allCases.map(\.rawValue).joined(separator: "|") }

  /// The days of the range when today is `today` (a UTC day number) and the first
  /// transaction was on `firstDay`: from its first day through yesterday; `nil` when it holds
  /// no closed day (`ytd` on 1 January, `max` with no dated transaction before today).
  public func days(today: Int, firstDay: Int?) -> ClosedRange<Int>? {
    let last = today - 1
    let first: Int
    switch self {
    case .day: first = last
    case .week: first = last - 6
    case .twoWeeks: first = last - 13
    case .month: first = last - 29
    case .quarter: first = last - 89
    case .halfYear: first = last - 179
    case .year: first = last - 364
    case .threeYears: first = last - 3 * 365 + 1
    case .fiveYears: first = last - 5 * 365 + 1
    case .yearToDate:
      let year = ISO8601Timestamp.civilFromDays(today).year
      first = ISO8601Timestamp.daysFromCivil(year: year, month: 1, day: 1)
    case .max:
      guard let firstDay else { return nil }
      first = firstDay
    }
    return first <= last ? first...last : nil
  }
}
