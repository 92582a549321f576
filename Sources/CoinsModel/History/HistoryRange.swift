#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The spans `coins chart`, `portfolio chart` and `portfolio performance` take with `--range`,
/// and what each asks of CoinGecko.
public enum HistoryRange: String, Sendable, Equatable, CaseIterable {
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

  /// The days the free plans reach back: `max` and anything longer answer HTTP 401 (10012).
  public static let freePlanDays = 365

  /// The `days` values `/coins/{id}/ohlc` accepts.
  public static let candleDays = [1, 7, 14, 30, 90, 180, 365]

  /// How many days back the range reaches at `now`; `nil` for `max` (all of it).
  public func days(at now: Date) -> Int? {
    switch self {
    case .day: 1
    case .week: 7
    case .twoWeeks: 14
    case .month: 30
    case .quarter: 90
    case .halfYear: 180
    case .year: 365
    case .threeYears: 3 * 365
    case .fiveYears: 5 * 365
    case .yearToDate: Self.daysSinceNewYear(now)
    case .max: nil
    }
  }

  /// The `days` parameter of `/market_chart`: a number, or `max`.
  public func marketChartDays(at now: Date) -> String {
    days(at: now).map(String.init) ?? "max"
  }

  /// The `days` parameter of `/ohlc`: the smallest value it accepts that covers the range
  /// (a year to date in March asks for 90 days), or `max`.
  public func candleDays(at now: Date) -> String {
    guard let days = days(at: now) else { return "max" }
    return String(Self.candleDays.first { $0 >= days } ?? days)
  }

  /// Whether a free (keyless or Demo) plan is refused this range.
  public func exceedsFreePlan(at now: Date) -> Bool {
    (days(at: now) ?? .max) > Self.freePlanDays
  }

  /// How long a fetched history is worth keeping before asking again: its own granularity
  /// (5 min for a day, an hour up to 90 days, a day beyond).
  public func cacheAge(at now: Date) -> Double {
    Self.granularity(days: days(at: now))
  }

  /// The spacing CoinGecko gives a history spanning `days` (`nil`: all of it), in seconds.
  public static func granularity(days: Int?) -> Double {
    guard let days else { return 86_400 }
    return days <= 1 ? 300 : days <= 90 ? 3600 : 86_400
  }

  /// The start of the range at `now` in milliseconds (00:00 UTC on 1 January for `ytd`);
  /// `nil` for `max`.
  public func start(at now: Date) -> Int64? {
    let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    if self == .yearToDate { return Self.newYear(now) * 86_400_000 }
    return days(at: now).map { nowMs - Int64($0) * 86_400_000 }
  }

  /// The ranges as help lists them: `1d|7d|…|max`.
  public static var list: String { allCases.map(\.rawValue).joined(separator: "|") }

  /// Days since 1970 of this year's 1 January (UTC).
  private static func newYear(_ now: Date) -> Int64 {
    let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
    let year = ISO8601Timestamp.civilFromDays(today).year
    return Int64(ISO8601Timestamp.daysFromCivil(year: year, month: 1, day: 1))
  }

  /// Whole days since 00:00 UTC on 1 January, rounded up (at least 1).
  private static func daysSinceNewYear(_ now: Date) -> Int {
    let seconds = now.timeIntervalSince1970 - Double(newYear(now)) * 86_400
    return Swift.max(1, Int((seconds / 86_400).rounded(.up)))
  }
}
