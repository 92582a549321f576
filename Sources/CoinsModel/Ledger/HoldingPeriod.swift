#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether coins sold were held short or long term.
public enum HoldingTerm: String, Sendable, Equatable, CaseIterable {
  /// Held one year or less (by the rule in use).
  case short
  /// Held more than one year (by the rule in use).
  case long
}

/// When a holding period turns long term.
public enum LongTermRule: Sendable, Equatable {
  /// Sold after the anniversary of the acquisition date (UTC days): coins bought on 2025-03-10
  /// are long term from 2026-03-11. The holding period runs in calendar months from the day
  /// after acquisition, so a lot bought on a month's last day completes each month on a month's
  /// last day (Rev. Rul. 66-7): bought 2024-02-29, its year ends 2025-02-28; bought 2023-02-28,
  /// it ends 2024-02-29.
  case afterAnniversary
  /// Sold more than this many days after the acquisition date (`--long-term-after <days>`).
  case afterDays(Int)
}

/// Holding periods in UTC days: from the UTC day a lot was acquired to the UTC day it was sold.
public enum HoldingPeriod {
  /// The UTC day number (days since 1970-01-01) of a date, as ``Transaction/day`` counts it.
  public static func day(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Whole UTC days from `acquired` to `sold`; `nil` when either is undated.
  public static func days(from acquired: Date?, to sold: Date?) -> Int? {
    guard let acquired, let sold else { return nil }
    return day(of: sold) - day(of: acquired)
  }

  /// The UTC day number of the first anniversary of the day `acquired`: the same month and day
  /// a year on, and for a month's last day the last day of that month a year on (29 February
  /// 2024 → 28 February 2025, 28 February 2023 → 29 February 2024), as Rev. Rul. 66-7 counts
  /// a holding period that starts at a month's end.
  public static func anniversary(of acquired: Int) -> Int {
    let (year, month, day) = ISO8601Timestamp.civilFromDays(acquired)
    if day == lastDay(year: year, month: month) {
      return ISO8601Timestamp.daysFromCivil(
        year: year + 1, month: month, day: lastDay(year: year + 1, month: month))
    }
    return ISO8601Timestamp.daysFromCivil(year: year + 1, month: month, day: day)
  }

  /// The last day of `month` (1–12) in `year` of the Gregorian calendar: 28 to 31.
  package static func lastDay(year: Int, month: Int) -> Int {
    switch month {
    case 4, 6, 9, 11: return 30
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    default: return 31
    }
  }

  /// The term of coins acquired at `acquired` and sold at `sold` by `rule`; `nil` when either
  /// is undated.
  public static func term(acquired: Date?, sold: Date?, rule: LongTermRule) -> HoldingTerm? {
    guard let acquired, let sold else { return nil }
    let (from, to) = (day(of: acquired), day(of: sold))
    switch rule {
    case .afterAnniversary:
      return to > anniversary(of: from) ? .long : .short
    case .afterDays(let days):
      return to - from > days ? .long : .short
    }
  }
}
