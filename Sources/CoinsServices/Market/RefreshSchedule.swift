/// When the next refresh of a live view happens: every `interval` seconds while the API
/// answers; after failures, later — exponential backoff with jitter, never sooner than the
/// server's `Retry-After`, at most a minute (or the interval, if longer) — so a flaky network or
/// a rate limit is not hammered, and recovery is noticed by itself.
public struct RefreshSchedule: Sendable, Equatable {
  /// Seconds between refreshes while all is well.
  public let interval: Double
  /// Failed refreshes in a row.
  public private(set) var failures = 0

  /// The first backoff step after a failure, in seconds.
  static let baseBackoff = 2.0
  /// The longest backoff, unless the interval is longer.
  static let maxBackoff = 60.0

  /// A schedule refreshing every `interval` seconds.
  public init(interval: Double) {
    self.interval = interval
  }

  /// A refresh succeeded: the next one comes after the interval.
  public mutating func succeeded() -> Double {
    failures = 0
    return interval
  }

  /// A refresh failed: the delay before the next try, given a random number in 0..<1 and the
  /// server's wish, if it said one.
  public mutating func failed(retryAfter: Double?, random: Double) -> Double {
    failures += 1
    var exponential = Self.baseBackoff
    for _ in 1..<min(failures, 16) { exponential *= 2 }
    let cap = max(interval, Self.maxBackoff)
    let backoff = min(cap, exponential) * (0.75 + 0.25 * random)
    return max(interval, backoff, min(retryAfter ?? 0, 3600))
  }
}
