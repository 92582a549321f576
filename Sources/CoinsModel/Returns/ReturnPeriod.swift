/// The calendar periods `--per` splits a range into: months or years, in UTC.
public enum ReturnPeriod: String, Sendable, Equatable, CaseIterable {
  case month
  case year

  /// The parts of `days` (UTC day numbers), each labelled `2026-03` or `2026`, in order; the
  /// first and last may be partial.
  package func split(_ days: ClosedRange<Int>) -> [(label: String, days: ClosedRange<Int>)] {
    var parts: [(label: String, days: ClosedRange<Int>)] = []
    var start = days.lowerBound
    while start <= days.upperBound {
      let (year, month, _) = ISO8601Timestamp.civilFromDays(start)
      let next: Int
      let label: String
      switch self {
      case .month:
        next =
          month == 12
          ? ISO8601Timestamp.daysFromCivil(year: year + 1, month: 1, day: 1)
          : ISO8601Timestamp.daysFromCivil(year: year, month: month + 1, day: 1)
        label = "\(year)-\(month < 10 ? "0" : "")\(month)"
      case .year:
        next = ISO8601Timestamp.daysFromCivil(year: year + 1, month: 1, day: 1)
        label = String(year)
      }
      parts.append((label, start...min(next - 1, days.upperBound)))
      start = next
    }
    return parts
  }
}
