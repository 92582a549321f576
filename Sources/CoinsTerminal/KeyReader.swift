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

/// Reads key presses from standard input on a background thread and reports them decoded. A
/// lone Esc is reported when no byte follows it within ``escapeDelay`` milliseconds (arrow keys
/// send Esc sequences).
package enum KeyReader {
  /// How long to wait after Esc for the rest of a sequence.
  package static let escapeDelay: Int32 = 25

  /// Calls `handler` with each key, until end of input, reading on the thread `startThread`
  /// makes (a blocking read must not sit on the concurrency pool).
  package static func start(
    startThread: (@escaping @Sendable () -> Void) -> Bool,
    _ handler: @escaping @Sendable (Key) -> Void
  ) {
    guard isatty(STDIN_FILENO) == 1 else { return }
    _ = startThread {
      var decoder = KeyDecoder()
      var byte: UInt8 = 0
      while true {
        if decoder.isWaitingAfterEscape, !inputArrives(within: escapeDelay) {
          if let key = decoder.flushEscape() { handler(key) }
          continue
        }
        let count = read(STDIN_FILENO, &byte, 1)
        if count == 1 {
          if let key = decoder.feed(byte) { handler(key) }
        } else if count == 0 || (count < 0 && errno != EINTR) {
          return
        }
      }
    }
  }

  private static func inputArrives(within milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }
}
