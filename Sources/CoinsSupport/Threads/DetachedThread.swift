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

  /// The new thread's body: the work `context` holds, retained by ``start(named:_:)``.
  private static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }

  /// Starts `body` on a new detached thread named `name` (Linux keeps 15 bytes);
  /// `false` if no thread could be created.
  package static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(
      Work {
        nameThisThread(name)
        body()
      }
    ).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    // The context is optional on Linux and not on Darwin: `run` takes either.
    let result = pthread_create(&thread, nil, { DetachedThread.run($0) }, work)
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

/// Names the calling thread, for `ps` and `/proc/<pid>/task/*/comm` (Linux keeps the first 15
/// bytes): tests and people can see the transfer's thread come and go. Glibc's module has no
/// `pthread_setname_np` (a GNU extension), so on Linux the name is written where it shows.
private func nameThisThread(_ name: String) {
  #if os(Linux)
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  #elseif canImport(Darwin)
    _ = pthread_setname_np(name)
  #endif
}
