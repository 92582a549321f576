import Foundation

/// How often and how patiently a failed request is tried again.
///
/// Exponential backoff with jitter ("equal jitter": half fixed, half random), never shorter
/// than what the server asked for with `Retry-After` or `x-ratelimit-reset`.
public struct RetryPolicy: Sendable, Equatable {
  /// Attempts in all, the first included.
  public var maxAttempts: Int
  /// The backoff before the first retry, in seconds.
  public var baseDelay: Double
  /// The longest backoff between two attempts, in seconds.
  public var maxDelay: Double

  /// Creates a policy.
  public init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 8) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
  }

  /// A policy that never retries.
  public static let none = RetryPolicy(maxAttempts: 1)

  /// The wait before attempt `retry + 1` (`retry` counts from 0), given a random number in
  /// 0..<1 and the server's own wish, if it said one.
  func delay(retry: Int, random: Double, serverAsked: Double?) -> Double {
    let exponential = min(maxDelay, baseDelay * pow(2, Double(retry)))
    let jittered = exponential / 2 + exponential / 2 * random
    guard let serverAsked else { return jittered }
    return max(serverAsked, jittered)
  }
}

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
