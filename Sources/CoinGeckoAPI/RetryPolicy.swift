#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  package func delay(retry: Int, random: Double, serverAsked: Double?) -> Double {
    let exponential = min(maxDelay, baseDelay * pow(2, Double(retry)))
    let jittered = exponential / 2 + exponential / 2 * random
    guard let serverAsked else { return jittered }
    // A server that asked for a wait gets at least a second, even when the time it named has
    // already passed by the time the answer is read (a loaded machine, a clock apart).
    return max(serverAsked, Self.shortestAskedWait, jittered)
  }

  /// The shortest wait after a server asked for one (`Retry-After`, a rate-limit reset).
  static let shortestAskedWait = 1.0
}
