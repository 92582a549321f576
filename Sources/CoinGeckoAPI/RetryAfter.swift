import Foundation

/// Reads how long a server asked us to wait: `Retry-After` (seconds or an HTTP date) or
/// CoinGecko's `x-ratelimit-reset` (`2025-07-25 14:54:00 +0000`).
enum RetryAfter {
  /// Seconds to wait from `now`, or `nil` when the headers say nothing usable.
  static func seconds(in headers: [String: String], now: Date) -> Double? {
    if let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
      if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return seconds }
      if let date = parseHTTPDate(value) { return max(0, date.timeIntervalSince(now)) }
    }
    if let value = headers["x-ratelimit-reset"]?.trimmingCharacters(in: .whitespaces) {
      if let date = parseResetDate(value) { return max(0, date.timeIntervalSince(now)) }
      if let epoch = Double(value), epoch > 1_000_000_000 {
        return max(0, epoch - now.timeIntervalSince1970)
      }
    }
    return nil
  }

  /// RFC 9110 IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func parseHTTPDate(_ text: String) -> Date? {
    parse(text, format: "EEE, dd MMM yyyy HH:mm:ss zzz")
  }

  /// CoinGecko's reset form, e.g. `2025-07-25 14:54:00 +0000`.
  static func parseResetDate(_ text: String) -> Date? {
    parse(text, format: "yyyy-MM-dd HH:mm:ss Z")
  }

  private static func parse(_ text: String, format: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter.date(from: text)
  }
}
