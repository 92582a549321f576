import CoinsModel
import Foundation

/// Runs `operation`, giving up with `onTimeout()` when it has not finished in `seconds`.
///
/// When the deadline passes the operation is cancelled and the caller resumes at once — it
/// does not wait for the operation to wind down (a transfer that ignores cancellation cannot
/// hold the command past its deadline). Cancelling the caller cancels both.
func withDeadline<T: Sendable>(
  seconds: Double, timeSource: any TimeSource, onTimeout: @escaping @Sendable () -> any Error,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = DeadlineRace<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      race.start(continuation)
      let work = Task {
        let result: Result<T, any Error>
        do {
          result = .success(try await operation())
        } catch {
          result = .failure(error)
        }
        race.settle(with: result)
      }
      let timer = Task {
        do {
          try await timeSource.sleep(seconds: seconds)
        } catch {
          return
        }
        race.settle(with: .failure(onTimeout()))
      }
      race.attach(work: work, timer: timer)
    }
  } onCancel: {
    race.settle(with: .failure(CancellationError()))
  }
}

/// The first of an operation and its timer to finish resumes the caller; the other is
/// cancelled.
private final class DeadlineRace<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<T, any Error>?
  private var pending: Result<T, any Error>?
  private var tasks: [Task<Void, Never>] = []
  private var settled = false

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    let early: Result<T, any Error>? = lock.withLock {
      self.continuation = continuation
      return pending
    }
    if let early { resume(early) }
  }

  func attach(work: Task<Void, Never>, timer: Task<Void, Never>) {
    let cancelNow = lock.withLock {
      tasks = [work, timer]
      return settled
    }
    if cancelNow { for task in [work, timer] { task.cancel() } }
  }

  func settle(with result: Result<T, any Error>) {
    let (first, ready, toCancel): (Bool, Bool, [Task<Void, Never>]) = lock.withLock {
      guard !settled else { return (false, false, []) }
      settled = true
      if continuation == nil { pending = result }
      return (true, continuation != nil, tasks)
    }
    guard first else { return }
    for task in toCancel { task.cancel() }
    if ready { resume(result) }
  }

  private func resume(_ result: Result<T, any Error>) {
    let continuation = lock.withLock {
      let current = self.continuation
      self.continuation = nil
      return current
    }
    continuation?.resume(with: result)
  }
}
