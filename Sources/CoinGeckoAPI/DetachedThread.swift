import CCurlShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs blocking work on a thread of its own, never on the Swift concurrency pool (two
/// threads on a two-core machine: one blocked transfer there would stall every timer).
package enum DetachedThread {
  private final class Work {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts `body` on a new detached thread named `name` (Linux keeps 15 bytes);
  /// `false` if no thread could be created.
  package static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(
      Work {
        coins_set_thread_name(name)
        body()
      }
    ).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, work)
    guard result == 0 else {
      Unmanaged<Work>.fromOpaque(work).release()
      return false
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }
}
