import Dispatch

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

/// Delivers signals (SIGINT, SIGTERM, SIGWINCH) to a handler on a queue instead of killing the
/// process, so a live view can restore the terminal before it exits.
///
/// `@unchecked` only because dispatch sources are not marked `Sendable`; the sources are set
/// once in `init` and only cancelled in `deinit`.
package final class SignalEvents: @unchecked Sendable {
  private let sources: [DispatchSourceSignal]
  private let queue = DispatchQueue(label: "coins.signals")

  /// Routes `signals` to `handler`. They are unblocked first: a parent may have started us
  /// with them blocked.
  package init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    let queue = queue
    sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
