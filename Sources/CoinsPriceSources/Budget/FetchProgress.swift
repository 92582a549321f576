import Synchronization

/// The progress line of a fetch that may wait for rate limits: `Fetching daily prices: 12 of 50
/// coins (waiting 18 s for CoinGecko's rate limit)`. Each change writes the line through
/// `emit` (a terminal shows it as one updating line, a pipe as plain lines: the caller's
/// choice).
///
/// The chain's many-coin asks set the total as they start (``start(total:)``); a wait before
/// any total is said without a count: `Fetching daily prices: waiting 18 s for CoinGecko's rate
/// limit`. Made `quietUntilWait`, nothing is said before the first wait: a fetch that never
/// waits prints nothing.
package final class FetchProgress: Sendable {
  private struct State {
    var done = 0
    var total: Int
    var waiting: BudgetWait?
    var speaking: Bool
    var spoke = false
  }

  private let what: String
  private let unit: String
  private let emit: @Sendable (String) -> Void
  private let state: Mutex<State>

  /// Progress over `total` items called `unit` (`coins`), the fetch named `what` (`daily
  /// prices`); `quietUntilWait`: nothing said before the first wait.
  package init(
    fetching what: String, total: Int = 0, unit: String, quietUntilWait: Bool = false,
    emit: @escaping @Sendable (String) -> Void
  ) {
    self.what = what
    self.unit = unit
    self.emit = emit
    state = Mutex(State(total: total, speaking: !quietUntilWait))
  }

  /// Whether a line has been written (a terminal's updating line then wants ending).
  package var hasSpoken: Bool { state.withLock { $0.spoke } }

  /// A new round of `total` items, none done yet (said at the next change).
  package func start(total: Int) {
    state.withLock { state in
      state.total = total
      state.done = 0
      state.waiting = nil
    }
  }

  /// One more item done; the wait, if any, is over.
  package func itemDone() {
    let line = state.withLock { state -> String? in
      state.done += 1
      state.waiting = nil
      guard state.speaking else { return nil }
      state.spoke = true
      return Self.line(what, state.done, state.total, unit, nil)
    }
    if let line { emit(line) }
  }

  /// The budget is about to wait (pass this as ``RequestBudget``'s `onWait`).
  package func waiting(_ wait: BudgetWait) {
    let line = state.withLock { state in
      state.waiting = wait
      state.speaking = true
      state.spoke = true
      return Self.line(what, state.done, state.total, unit, wait)
    }
    emit(line)
  }

  private static func line(
    _ what: String, _ done: Int, _ total: Int, _ unit: String, _ wait: BudgetWait?
  ) -> String {
    guard total > 0 else { return "Fetching \(what)" + (wait.map { ": \($0.phrase)" } ?? "") }
    let base = "Fetching \(what): \(done) of \(total) \(unit)"
    return wait.map { base + " (\($0.phrase))" } ?? base
  }
}
