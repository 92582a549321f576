import CoinsModel
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `operation`, giving up with `onTimeout()` when it has not finished in `seconds`.
///
/// When the deadline passes the operation is cancelled and the caller resumes at once — it
/// does not wait for the operation to wind down (a transfer that ignores cancellation cannot
/// hold the command past its deadline). Cancelling the caller cancels both.
package func withDeadline<T: Sendable>(
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
private final class DeadlineRace<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var pending: Result<T, any Error>?
    var tasks: [Task<Void, Never>] = []
    var settled = false
  }
  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    let early: Result<T, any Error>? = state.withLock { state in
      state.continuation = continuation
      return state.pending
    }
    if let early { resume(early) }
  }

  func attach(work: Task<Void, Never>, timer: Task<Void, Never>) {
    let cancelNow = state.withLock { state in
      state.tasks = [work, timer]
      return state.settled
    }
    if cancelNow { for task in [work, timer] { task.cancel() } }
  }

  func settle(with result: Result<T, any Error>) {
    let (first, ready, toCancel): (Bool, Bool, [Task<Void, Never>]) = state.withLock { state in
      guard !state.settled else { return (false, false, []) }
      state.settled = true
      if state.continuation == nil { state.pending = result }
      return (true, state.continuation != nil, state.tasks)
    }
    guard first else { return }
    for task in toCancel { task.cancel() }
    if ready { resume(result) }
  }

  private func resume(_ result: Result<T, any Error>) {
    let continuation = state.withLock { state in
      let current = state.continuation
      state.continuation = nil
      return current
    }
    continuation?.resume(with: result)
  }
}
