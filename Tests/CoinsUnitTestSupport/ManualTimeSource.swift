import CoinsModel
import Foundation

/// A virtual clock: `now()` moves only when something sleeps or the test calls ``advance(by:)``.
///
/// Sleeps shorter than `parkingThreshold` return at once, advancing the clock and recording their
/// length (retry backoffs). Longer ones (overall deadlines) park until the clock reaches their end
/// or their task is cancelled, so a deadline never fires by accident while a request is answered.
package final class ManualTimeSource: TimeSource, @unchecked Sendable {
  /// 2025-07-25T14:53:48Z, a Friday.
  package static let start = Date(timeIntervalSince1970: 1_753_455_228)

  private struct Parked {
    package var end: Date
    package var continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current: Date
  private var recorded: [Double] = []
  private var parked: [Int: Parked] = [:]
  private var parkedLengths: [Double] = []
  private var nextID = 0
  private let parkingThreshold: Double

  package init(now: Date = ManualTimeSource.start, parkingAtLeast threshold: Double = 30) {
    current = now
    parkingThreshold = threshold
  }

  /// The lengths of the sleeps that returned at once, in order.
  package var sleeps: [Double] { lock.withLock { recorded } }

  /// How many sleeps are parked right now.
  package var parkedCount: Int { lock.withLock { parked.count } }

  /// The lengths of every sleep that parked, in order.
  package var parkedSleeps: [Double] { lock.withLock { parkedLengths } }

  package func now() -> Date { lock.withLock { current } }

  /// Moves the clock and wakes the parked sleeps that have ended.
  package func advance(by seconds: Double) {
    let woken: [CheckedContinuation<Void, any Error>] = lock.withLock {
      current += seconds
      let due = parked.filter { $0.value.end <= current }
      for id in due.keys { parked.removeValue(forKey: id) }
      return due.map(\.value.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  package func sleep(seconds: Double) async throws {
    try Task.checkCancellation()
    if seconds < parkingThreshold {
      lock.withLock { recorded.append(seconds) }
      advance(by: seconds)
      return
    }
    let id: Int = lock.withLock {
      defer { nextID += 1 }
      parkedLengths.append(seconds)
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = lock.withLock {
          if Task.isCancelled { return true }
          parked[id] = Parked(end: current + seconds, continuation: continuation)
          return false
        }
        if resumeNow { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = lock.withLock { parked.removeValue(forKey: id)?.continuation }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
