/// Runs `operation`, giving up with `onTimeout()` when it has not finished in `seconds`.
///
/// The operation is cancelled when the deadline passes, so a request that never answers is
/// abandoned rather than awaited.
func withDeadline<T: Sendable>(
  seconds: Double, timeSource: any TimeSource, onTimeout: @escaping @Sendable () -> any Error,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await timeSource.sleep(seconds: seconds)
      throw onTimeout()
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw onTimeout() }
    return first
  }
}
