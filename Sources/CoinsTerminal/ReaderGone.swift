import Synchronization

/// Whether the reader of an output has gone away (`coins top | head`): the first write that
/// meets a closed pipe marks it and calls the handler once, so the entry point can end the
/// command and exit 0, as `cat` would, instead of failing on a broken pipe.
package final class ReaderGone: Sendable {
  private struct State {
    var isGone = false
    var handler: (@Sendable () -> Void)?
  }
  private let state = Mutex(State())

  /// A reader that is still there.
  package init() {}

  /// Whether a write has met a closed pipe.
  package var isGone: Bool { state.withLock { $0.isGone } }

  /// Calls `handler` once when the reader goes (at once, if it is already gone).
  package func onGone(_ handler: @escaping @Sendable () -> Void) {
    let goneAlready = state.withLock { state -> Bool in
      state.handler = handler
      return state.isGone
    }
    if goneAlready { handler() }
  }

  /// Marks the reader gone and calls the handler, the first time only.
  package func markGone() {
    let handler = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.isGone else { return nil }
      state.isGone = true
      return state.handler
    }
    handler?()
  }
}
