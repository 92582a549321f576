/// What a command is done with, let go when the process ends instead of freed: at the end of a
/// view of 100,000 transactions, freeing the portfolio, its ledgers and their figures took
/// ~15 ms, and the process ends right after (``CoinsCLI`` ends it with `_exit`), when the
/// system takes back all its memory at once. Not freeing is simpler than freeing on another
/// thread (LLVM's `BuryPointer`).
package enum LetGo {
  /// Keeps `value` until the process ends: it is never freed. Pass it with `consume` (no other
  /// reference left), or the last reference, and with it the freeing, stays with the caller.
  package static func atExit<Value>(_ value: consuming Value) {
    _ = Unmanaged.passRetained(Box(value))
  }

  /// Holds the value for good.
  private final class Box<Value> {
    let value: Value

    init(_ value: consuming Value) { self.value = value }
  }
}
