#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a taxpayer's days begin and end: "the same day", "30 days" and "one year" are counted
/// in the taxpayer's local dates, not in UTC's. `Europe/London` and `Europe/Berlin` follow the
/// European summer time rule (from 01:00 UTC on March's last Sunday to 01:00 UTC on October's
/// last Sunday, as both have since 1996), so the model needs no zone database; the US set uses
/// the process's local zone.
public struct TaxZone: Sendable {
  /// The zone's name: `UTC`, `Europe/London`, `Europe/Berlin` or `local`.
  public let name: String
  private let offsetAt: @Sendable (Date) -> Int

  /// A zone whose offset east of UTC at each moment `offset` gives, in seconds.
  public init(name: String, offset: @escaping @Sendable (Date) -> Int) {
    self.name = name
    offsetAt = offset
  }

  /// UTC.
  public static let utc = TaxZone(name: "UTC") { _ in 0 }

  /// The UK's zone: GMT, BST in summer.
  public static let europeLondon = TaxZone.europeanSummerTime(name: "Europe/London", standard: 0)

  /// Germany's zone: CET, CEST in summer.
  public static let europeBerlin = TaxZone.europeanSummerTime(
    name: "Europe/Berlin", standard: 3_600)

  /// The process's local zone (`TZ`, else the system's), as times are shown in.
  public static func local() -> TaxZone {
    let display = DisplayZone.local()
    return TaxZone(name: "local") { display.offset(at: $0) }
  }

  /// The zone named `name` (`UTC`, `Europe/London`, `Europe/Berlin`, `local`); `nil` for
  /// another.
  public static func named(_ name: String) -> TaxZone? {
    switch name.lowercased() {
    case "utc": .utc
    case "europe/london": .europeLondon
    case "europe/berlin": .europeBerlin
    case "local": .local()
    default: nil
    }
  }

  /// Seconds east of UTC at `date`.
  public func offset(at date: Date) -> Int { offsetAt(date) }

  /// The local day number (days since 1970-01-01) `date` falls on in this zone.
  public func day(of date: Date) -> Int {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset(at: date)
    return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
  }

  /// A zone `standard` seconds east of UTC, an hour more in European summer time.
  private static func europeanSummerTime(name: String, standard: Int) -> TaxZone {
    TaxZone(name: name) { date in
      standard + (isEuropeanSummerTime(Int(date.timeIntervalSince1970.rounded(.down))) ? 3_600 : 0)
    }
  }

  /// Whether `seconds` since 1970 (UTC) fall in European summer time: from 01:00 UTC on the last
  /// Sunday of March to 01:00 UTC on the last Sunday of October.
  static func isEuropeanSummerTime(_ seconds: Int) -> Bool {
    let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let year = ISO8601Timestamp.civilFromDays(day).year
    let starts = lastSunday(year: year, month: 3) * 86_400 + 3_600
    let ends = lastSunday(year: year, month: 10) * 86_400 + 3_600
    return seconds >= starts && seconds < ends
  }

  /// The day number of the last Sunday of `month` in `year`.
  static func lastSunday(year: Int, month: Int) -> Int {
    let last = ISO8601Timestamp.daysFromCivil(
      year: year, month: month, day: HoldingPeriod.lastDay(year: year, month: month))
    // 1970-01-01 was a Thursday: day 0 is weekday 4 counted from Sunday.
    let weekday = ((last + 4) % 7 + 7) % 7
    return last - weekday
  }
}

extension TaxZone: Equatable {
  /// Zones are the same when their names are.
  public static func == (lhs: TaxZone, rhs: TaxZone) -> Bool { lhs.name == rhs.name }
}
