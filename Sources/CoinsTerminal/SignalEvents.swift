import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers signals (SIGINT, SIGTERM, SIGWINCH) to a handler on a queue instead of killing the
/// process, so a live view can restore the terminal before it exits.
///
/// The signals' actions are installed with `sigaction` before `init` returns, and the action
/// only writes the signal's number to a pipe (the one thing a signal handler may safely do), read
/// on `queue`. So a signal is never lost: not one that comes before the queue's reader is set up
/// (the bytes wait in the pipe), and not one delivered to any thread. (Dispatch's own signal
/// sources register asynchronously and, on Linux, ignored a signal sent in that window: a watch
/// sent SIGTERM right after its first line could go on running.)
///
/// `@unchecked` only because dispatch sources are not marked `Sendable`; the source is set once
/// in `init` and only cancelled in `deinit`.
package final class SignalEvents: @unchecked Sendable {
  private let signals: [Int32]
  private let reader: DispatchSourceRead
  private let queue = DispatchQueue(label: "coins.signals")

  /// Routes `signals` to `handler`. They are unblocked first: a parent may have started us
  /// with them blocked.
  package init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let pipe = SignalPipe.shared
    reader = DispatchSource.makeReadSource(fileDescriptor: pipe.read, queue: queue)
    reader.setEventHandler {
      var numbers = [UInt8](repeating: 0, count: 64)
      while true {
        let count = numbers.withUnsafeMutableBytes { readBytes(pipe.read, $0.baseAddress, 64) }
        guard count > 0 else { break }
        for number in numbers.prefix(count) { handler(Int32(number)) }
      }
    }
    reader.resume()
    for number in signals {
      var action = sigaction()
      SignalPipe.setHandler(&action)
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  deinit {
    for number in signals { signal(number, SIG_DFL) }
    reader.cancel()
  }
}

/// The pipe signal actions write to: made once, both ends non-blocking and closed on exec.
private struct SignalPipe: Sendable {
  let read: Int32
  let write: Int32

  /// Made on first use, which is in ``SignalEvents/init``, before any action that writes to it
  /// is installed.
  static let shared: SignalPipe = {
    var ends: [Int32] = [-1, -1]
    _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return SignalPipe(read: ends[0], write: ends[1])
  }()

  /// Sets `action`'s handler to the one that writes the signal's number to the pipe.
  static func setHandler(_ action: inout sigaction) {
    let handler: @convention(c) (Int32) -> Void = { number in
      var byte = UInt8(truncatingIfNeeded: number)
      let saved = errno
      _ = writeBytes(SignalPipe.shared.write, &byte, 1)
      errno = saved
    }
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
  }
}

/// The C library's `read` (inside ``SignalPipe`` the name is its end's).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// The C library's `write` (inside ``SignalPipe`` the name is its end's).
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
