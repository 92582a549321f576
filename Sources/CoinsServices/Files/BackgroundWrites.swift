import CoinGeckoAPI
import Dispatch
import Synchronization

/// Cache writes done beside the command, on a thread of their own, one at a time in the order
/// they were asked for: a cold `coins top` draws its table while the market cache is written.
/// The process waits for them with ``finish()`` before it exits, so nothing is lost.
package final class BackgroundWrites: Sendable {
  private struct State {
    var queue: [@Sendable () -> Void] = []
    var writerRunning = false
  }

  private let state = Mutex(State())
  private let pending = DispatchGroup()

  package init() {}

  /// Runs `write` after every write asked for before it, on the writer thread (started when
  /// none is running); on the caller's thread when no thread can be started.
  package func start(_ write: @escaping @Sendable () -> Void) {
    pending.enter()
    let startWriter = state.withLock { state -> Bool in
      state.queue.append(write)
      defer { state.writerRunning = true }
      return !state.writerRunning
    }
    guard startWriter else { return }
    if !DetachedThread.start(named: "coins-cache", { self.drain() }) { drain() }
  }

  /// Waits until every write asked for so far is done.
  package func finish() {
    pending.wait()
  }

  private func drain() {
    while let write = next() {
      write()
      pending.leave()
    }
  }

  /// The oldest write not yet done, or `nil` (and the writer stops) when there is none.
  private func next() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard !state.queue.isEmpty else {
        state.writerRunning = false
        return nil
      }
      return state.queue.removeFirst()
    }
  }
}
