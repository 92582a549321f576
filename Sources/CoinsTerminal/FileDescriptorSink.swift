import Foundation

/// A file descriptor (1 or 2), written with `write(2)` directly.
///
/// When the reader has gone away (`coins top | head`), the process ends quietly with status 0,
/// as `cat` would, instead of failing on a broken pipe.
public struct FileDescriptorSink: OutputSink {
  /// The descriptor written to.
  public let descriptor: Int32

  /// Standard output.
  public static let standardOutput = FileDescriptorSink(descriptor: STDOUT_FILENO)
  /// Standard error.
  public static let standardError = FileDescriptorSink(descriptor: STDERR_FILENO)

  /// Writes all of `text`, retrying short writes.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          if errno == EPIPE { exit(0) }
          return
        }
        offset += written
      }
    }
  }
}
