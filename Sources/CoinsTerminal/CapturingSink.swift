import Foundation

/// Collects everything written, for tests.
public final class CapturingSink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private var buffer = ""

  /// Creates an empty capture.
  public init() {}

  /// Appends `text`.
  public func write(_ text: String) {
    lock.withLock { buffer += text }
  }

  /// Everything written so far.
  public var text: String {
    lock.withLock { buffer }
  }
}
