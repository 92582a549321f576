import Dispatch
import Synchronization

/// A command's exit status, handed from the task that ran it to the main thread, which waits
/// for it without running an executor of its own (``CoinsCLI/main()``).
final class StatusHandOff: Sendable {
  private let status = Atomic<Int32>(0)
  private let delivered = DispatchSemaphore(value: 0)

  /// Hands over `status` and wakes the waiting thread; once per hand-off.
  func deliver(_ value: Int32) {
    status.store(value, ordering: .releasing)
    delivered.signal()
  }

  /// Blocks until ``deliver(_:)`` has been called, then returns what it was given.
  func wait() -> Int32 {
    delivered.wait()
    return status.load(ordering: .acquiring)
  }
}
