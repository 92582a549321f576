import CoinsModel
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The refresh loop's sleep between ticks, which a "refresh now" (the watch's `R`) ends early:
/// the loop then refreshes at once and counts its interval from that moment.
final class RefreshWake: Sendable {
  private struct State {
    var isSleeping = false
    var cancelled = false
    var requested: Date?
    var waiter: CheckedContinuation<Date?, Never>?
  }
  private let state = Mutex(State())

  /// Ends the sleep now, for a refresh asked for at `date`; `false` when the loop is not
  /// sleeping (a refresh is under way, or the loop has ended).
  func request(at date: Date) -> Bool {
    let (accepted, waiter): (Bool, CheckedContinuation<Date?, Never>?) = state.withLock { state in
      guard state.isSleeping else { return (false, nil) }
      state.isSleeping = false
      guard let waiter = state.waiter else {
        state.requested = date
        return (true, nil)
      }
      state.waiter = nil
      return (true, waiter)
    }
    waiter?.resume(returning: date)
    return accepted
  }

  /// Sleeps `seconds` on `timeSource`; returns `nil` when the time is up, or the moment a
  /// refresh was asked for when one ended the sleep. Throws when the task is cancelled.
  func sleep(seconds: Double, on timeSource: any TimeSource) async throws -> Date? {
    state.withLock { $0 = State(isSleeping: true) }
    defer { state.withLock { $0 = State() } }
    return try await withThrowingTaskGroup(of: Date?.self) { group in
      group.addTask {
        try await timeSource.sleep(seconds: seconds)
        return nil
      }
      group.addTask { await self.waitForRequest() }
      defer { group.cancelAll() }
      let first = try await group.next() ?? nil
      return first
    }
  }

  private func waitForRequest() async -> Date? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Date?, Never>) in
        let now: (resume: Bool, date: Date?) = state.withLock { state in
          if let requested = state.requested {
            state.requested = nil
            return (true, requested)
          }
          if state.cancelled || !state.isSleeping { return (true, nil) }
          state.waiter = continuation
          return (false, nil)
        }
        if now.resume { continuation.resume(returning: now.date) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.cancelled = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: nil)
    }
  }
}
