import CoinsTerminal
import Synchronization

/// Collects everything written, for tests.
final class CapturingSink: OutputSink, Sendable {
  private let buffer = Mutex("")

  /// Creates an empty capture.
  init() {}

  /// Appends `text`.
  func write(_ text: String) {
    buffer.withLock { $0 += text }
  }

  /// Everything written so far.
  var text: String {
    buffer.withLock { $0 }
  }
}
