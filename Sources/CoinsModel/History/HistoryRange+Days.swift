#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HistoryRange {
  /// The whole UTC days of the range when today is `today` (a UTC day number) and the first
  /// transaction was on `firstDay`: from its first day through yesterday, as
  /// `portfolio performance` and a daily `portfolio chart` measure it (a day's end value is the
  /// next day's open); `nil` when it holds no closed day (`ytd` on 1 January, `max` with no
  /// dated transaction before today).
  public func days(today: Int, firstDay: Int?) -> ClosedRange<Int>? {
    let last = today - 1
    let first: Int
    switch self {
    case .yearToDate:
      let year = ISO8601Timestamp.civilFromDays(today).year
      first = ISO8601Timestamp.daysFromCivil(year: year, month: 1, day: 1)
    case .max:
      guard let firstDay else { return nil }
      first = firstDay
    default:
      first = last - (fixedDays ?? 1) + 1
    }
    return first <= last ? first...last : nil
  }

  /// The days a range other than `ytd` and `max` spans (what ``days(at:)`` says whenever).
  private var fixedDays: Int? {
    self == .yearToDate ? nil : days(at: Date(timeIntervalSince1970: 0))
  }
}
