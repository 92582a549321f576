import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers signals (SIGINT, SIGTERM, SIGWINCH) to a handler on a queue instead of killing the
/// process, so a live view can restore the terminal before it exits.
package final class SignalEvents: @unchecked Sendable {
  private var sources: [DispatchSourceSignal] = []
  private let queue = DispatchQueue(label: "coins.signals")

  /// Routes `signals` to `handler`. They are unblocked first: a parent may have started us
  /// with them blocked.
  package init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
