#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a date the user typed: `YYYY-MM-DD` (midnight UTC of that day) or an ISO-8601 time
/// such as `2026-03-01T14:30:00Z` or `2026-03-01T16:30:00+02:00`.
public enum DateInput {
  /// The date, or `nil` when `text` is neither form (or not a real calendar day).
  public static func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingWhitespace()
    if trimmed.utf8.count == 10 {
      return ISO8601Timestamp.parse(trimmed + "T00:00:00Z").flatMap { date in
        // 2026-02-30 would roll over to March: only a day that formats back to itself is real.
        ISO8601Timestamp.format(date).hasPrefix(trimmed) ? date : nil
      }
    }
    return ISO8601Timestamp.parse(trimmed)
  }

  /// `2026-03-01`: the UTC day of a date.
  public static func dayText(_ date: Date) -> String {
    // The first ten bytes of ISO8601Timestamp.format(date), without making that string.
    ISO8601Timestamp.withText(date, fractionDigits: 3) {
      String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(10)), as: UTF8.self)
    }
  }

  /// Midnight UTC of the date's UTC day.
  public static func startOfDay(_ date: Date) -> Date {
    Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
  }
}
