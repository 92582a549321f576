#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What history a chart asks for: one of the named ranges up to now, or an explicit window
/// (`--from`/`--to`, `/market_chart/range`).
public enum HistoryWindow: Sendable, Equatable {
  /// A named range ending now.
  case range(HistoryRange)
  /// From one UNIX second to another.
  case between(from: Int64, to: Int64)

  /// The name of a cache file for it: `7d`, or `1700000000-1700086400`.
  public var cacheKey: String {
    switch self {
    case .range(let range): range.rawValue
    case .between(let from, let to): "\(from)-\(to)"
    }
  }

  /// How long a fetched answer is reused: the spacing of the history (``HistoryRange``).
  public func cacheAge(at now: Date) -> Double {
    switch self {
    case .range(let range): range.cacheAge(at: now)
    case .between(let from, let to):
      HistoryRange.granularity(days: Int(((Double(to - from)) / 86_400).rounded(.up)))
    }
  }

  /// Whether a free plan is refused it (it reaches back more than 365 days from `now`).
  public func exceedsFreePlan(at now: Date) -> Bool {
    switch self {
    case .range(let range): range.exceedsFreePlan(at: now)
    case .between(let from, _):
      now.timeIntervalSince1970 - Double(from) > Double(HistoryRange.freePlanDays) * 86_400
    }
  }

  /// `7d`, or `2026-01-01..2026-02-01` for a window (UTC dates), as titles and JSON name it.
  public var label: String {
    switch self {
    case .range(let range): range.rawValue
    case .between(let from, let to):
      "\(Self.day(from))..\(Self.day(to))"
    }
  }

  private static func day(_ seconds: Int64) -> String {
    String(ISO8601Timestamp.format(Date(timeIntervalSince1970: Double(seconds))).prefix(10))
  }
}
