#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The clock, injected: the wall time and a way to wait. Tests pass one that never sleeps.
public protocol TimeSource: Sendable {
  /// The current time.
  func now() -> Date
  /// Waits `seconds`, or throws `CancellationError` when the task is cancelled.
  func sleep(seconds: Double) async throws
}

/// The real clock.
public struct SystemTimeSource: TimeSource {
  /// Creates the real clock.
  public init() {}

  /// The current time.
  public func now() -> Date { Date() }

  /// Sleeps for real.
  public func sleep(seconds: Double) async throws {
    guard seconds > 0 else { return try Task.checkCancellation() }
    try await Task.sleep(nanoseconds: UInt64(min(seconds, 1e9) * 1_000_000_000))
  }
}
