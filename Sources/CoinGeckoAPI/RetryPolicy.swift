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
