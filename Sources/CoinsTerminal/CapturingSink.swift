import Synchronization

/// Collects everything written, for tests.
public final class CapturingSink: OutputSink, Sendable {
  private let buffer = Mutex("")

  /// Creates an empty capture.
  public init() {}

  /// Appends `text`.
  public func write(_ text: String) {
    buffer.withLock { $0 += text }
  }

  /// Everything written so far.
  public var text: String {
    buffer.withLock { $0 }
  }
}
