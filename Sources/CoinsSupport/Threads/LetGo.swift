import Dispatch

/// Freeing what a command is done with, off its critical path: at the end of a view of
/// 100,000 transactions, freeing the portfolio, its ledgers and their figures took ~15 ms on
/// the one thread that had just written the answer; another core can do it while the process
/// ends (``CoinsCLI`` ends it with `_exit`, which does not wait).
package enum LetGo {
  /// Lets go of `value` on a background thread. Pass it with `consume` (no other reference
  /// left), or the last reference, and with it the freeing, stays here.
  package static func inBackground<Value: Sendable>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).async { box.empty() }
  }

  /// Holds the value until ``empty()``.
  private final class Box<Value: Sendable>: @unchecked Sendable {
    // Set once in `init`, emptied once by the one thread the box is handed to.
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    func empty() { value = nil }
  }
}
