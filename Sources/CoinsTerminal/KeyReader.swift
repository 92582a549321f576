import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads single key presses from standard input on a background thread and reports them.
package enum KeyReader {
  /// Calls `handler` with each byte typed, until end of input.
  package static func start(_ handler: @escaping @Sendable (UInt8) -> Void) {
    guard isatty(STDIN_FILENO) == 1 else { return }
    let thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(STDIN_FILENO, &byte, 1)
        if count == 1 {
          handler(byte)
        } else if count == 0 || (count < 0 && errno != EINTR) {
          return
        }
      }
    }
    thread.start()
  }
}
