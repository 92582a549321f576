import Dispatch

/// Cache writes done beside the command, off its thread, one at a time in the order
/// they were asked for: a cold `coins top` draws its table while the market cache is written.
/// The process waits for them with ``finish()`` before it exits, so nothing is lost.
package final class BackgroundWrites: Sendable {
  /// Serial: one write at a time, in the order asked for, on a pool thread (one that is idle
  /// already, when there is one, instead of a thread started for the purpose).
  private let queue = DispatchQueue(label: "coins-cache")
  private let pending = DispatchGroup()

  package init() {}

  /// Runs `write` after every write asked for before it, on the writer's queue.
  package func start(_ write: @escaping @Sendable () -> Void) {
    queue.async(group: pending, execute: write)
  }

  /// Waits until every write asked for so far is done.
  package func finish() {
    pending.wait()
  }
}
