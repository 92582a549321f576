import CoinsTerminal
import Synchronization

/// Collects everything written, for tests.
package final class CapturingSink: OutputSink, Sendable {
  private let buffer = Mutex("")

  /// Creates an empty capture.
  package init() {}

  /// Appends `text`.
  package func write(_ text: String) {
    buffer.withLock { $0 += text }
  }

  /// Everything written so far.
  package var text: String {
    buffer.withLock { $0 }
  }
}
