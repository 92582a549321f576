import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads how long a server asked us to wait: `Retry-After` (seconds or an HTTP date) or
/// CoinGecko's `x-ratelimit-reset` (`2025-07-25 14:54:00 +0000`).
package enum RetryAfter {
  /// Seconds to wait from `now`, or `nil` when the headers say nothing usable.
  package static func seconds(in headers: [String: String], now: Date) -> Double? {
    if let value = headers["retry-after"]?.trimmingWhitespace() {
      if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return seconds }
      if let date = parseHTTPDate(value) { return max(0, date.timeIntervalSince(now)) }
    }
    if let value = headers["x-ratelimit-reset"]?.trimmingWhitespace() {
      if let date = parseResetDate(value) { return max(0, date.timeIntervalSince(now)) }
      if let epoch = Double(value), epoch > 1_000_000_000 {
        return max(0, epoch - now.timeIntervalSince1970)
      }
    }
    return nil
  }

  /// RFC 9110 IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
  package static func parseHTTPDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[1].count == 2,
      let month = months.firstIndex(of: String(parts[2])), parts[3].count == 4,
      parts[4].count == 8, parts[5] == "GMT" || parts[5] == "UTC"
    else { return nil }
    let monthText = month < 9 ? "0\(month + 1)" : "\(month + 1)"
    return ISO8601Timestamp.parse("\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")
  }

  /// CoinGecko's reset form, e.g. `2025-07-25 14:54:00 +0000`.
  package static func parseResetDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 3, parts[0].count == 10, parts[1].count == 8, parts[2].count == 5,
      let sign = parts[2].first, sign == "+" || sign == "-"
    else { return nil }
    let zone = parts[2]
    let offset = "\(zone.prefix(3)):\(zone.suffix(2))"
    return ISO8601Timestamp.parse("\(parts[0])T\(parts[1])\(offset)")
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
