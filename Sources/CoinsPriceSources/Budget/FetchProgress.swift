import Synchronization

/// The progress line of a fetch that may wait for rate limits: `Fetching daily prices: 12 of 50
/// coins (waiting 18 s for CoinGecko's rate limit)`. Each change writes the line through
/// `emit` (a terminal shows it as one updating line, a pipe as plain lines: the caller's
/// choice).
package final class FetchProgress: Sendable {
  private struct State {
    var done = 0
    var waiting: BudgetWait?
  }

  private let what: String
  private let total: Int
  private let unit: String
  private let emit: @Sendable (String) -> Void
  private let state = Mutex(State())

  /// Progress over `total` items called `unit` (`coins`), the fetch named `what` (`daily
  /// prices`).
  package init(
    fetching what: String, total: Int, unit: String, emit: @escaping @Sendable (String) -> Void
  ) {
    self.what = what
    self.total = total
    self.unit = unit
    self.emit = emit
  }

  /// One more item done; the wait, if any, is over.
  package func itemDone() {
    let line = state.withLock { state in
      state.done += 1
      state.waiting = nil
      return Self.line(what, state.done, total, unit, nil)
    }
    emit(line)
  }

  /// The budget is about to wait (pass this as ``RequestBudget``'s `onWait`).
  package func waiting(_ wait: BudgetWait) {
    let line = state.withLock { state in
      state.waiting = wait
      return Self.line(what, state.done, total, unit, wait)
    }
    emit(line)
  }

  private static func line(
    _ what: String, _ done: Int, _ total: Int, _ unit: String, _ wait: BudgetWait?
  ) -> String {
    let base = "Fetching \(what): \(done) of \(total) \(unit)"
    return wait.map { base + " (\($0.phrase))" } ?? base
  }
}
