#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A lazily refilled token bucket: `perMinute` tokens a minute, at most `capacity` saved up; a
/// request takes one token.
package struct TokenBucket: Equatable, Sendable {
  /// The refill rate, tokens a minute.
  package var perMinute: Double
  /// The most tokens kept.
  package var capacity: Double
  /// Tokens now (as of ``updated``).
  package private(set) var tokens: Double
  /// When ``tokens`` was last brought up to date.
  package private(set) var updated: Date

  /// A token, less what the clock's precision loses in refilling (a `Date` some 8e8 s from its
  /// epoch moves in steps of about 1e-7 s): a wait computed to refill one token must find it
  /// there, else the next wait is too short to move the clock, and so on forever.
  private static let whole = 0.999

  /// A full bucket at `now`.
  package init(perMinute: Double, capacity: Double, now: Date) {
    self.perMinute = max(perMinute, 0.001)
    self.capacity = max(1, capacity)
    tokens = self.capacity
    updated = now
  }

  /// Adds what the time since the last update earned.
  package mutating func refill(now: Date) {
    let elapsed = max(0, now.timeIntervalSince(updated))
    tokens = min(capacity, tokens + elapsed * perMinute / 60)
    updated = max(updated, now)
  }

  /// Seconds from `now` until a token is there (0: now).
  package func wait(now: Date) -> Double {
    var copy = self
    copy.refill(now: now)
    return copy.tokens >= Self.whole ? 0 : (1 - copy.tokens) * 60 / perMinute
  }

  /// Takes a token if there is one at `now`.
  package mutating func take(now: Date) -> Bool {
    refill(now: now)
    guard tokens >= Self.whole else { return false }
    tokens = max(0, tokens - 1)
    return true
  }

  /// Keeps at most `count` tokens (what the server says is left).
  package mutating func limit(to count: Double, now: Date) {
    refill(now: now)
    tokens = min(tokens, max(0, count))
  }
}
