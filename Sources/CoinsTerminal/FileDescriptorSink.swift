#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file descriptor (1 or 2), written with `write(2)` directly.
///
/// When the reader has gone away (`coins top | head`), the write marks ``readerGone`` and
/// nothing more is written; the entry point ends the command and exits 0.
public struct FileDescriptorSink: OutputSink {
  /// The descriptor written to.
  public let descriptor: Int32
  /// Told when a write meets a closed pipe.
  package let readerGone: ReaderGone

  /// A sink writing to `descriptor`, reporting a closed pipe to `readerGone`.
  package init(descriptor: Int32, readerGone: ReaderGone = ReaderGone()) {
    self.descriptor = descriptor
    self.readerGone = readerGone
  }

  /// Writes all of `text`, retrying short writes.
  public func write(_ text: String) {
    // The string's own bytes, not a copy (an answer can be tens of megabytes).
    var text = text
    text.withUTF8 { write($0) }
  }

  /// Writes all of `bytes`, retrying short writes.
  public func write(utf8 bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard !readerGone.isGone, let start = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = writeBytes(descriptor, start + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        if errno == EPIPE { readerGone.markGone() }
        return
      }
      offset += written
    }
  }
}

/// The C library's `write`, which ``FileDescriptorSink/write(_:)`` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
