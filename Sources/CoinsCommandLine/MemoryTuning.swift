#if canImport(Glibc)
  import Glibc
#endif

/// How the C library's allocator is set up for a short-lived process.
enum MemoryTuning {
  /// Grows every thread's heap 4 MB at a time (address space only: no memory is used until it
  /// is written). glibc otherwise makes a new thread's heap writable one page at a time, one
  /// mprotect(2) per page: over a hundred system calls on a cold `coins top`, each of them
  /// slower in a process with several threads. Found through `dlsym`, as the Swift module for
  /// the C library does not bring `malloc.h`; elsewhere nothing is done.
  static func growHeapsInLargeSteps() {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      // M_TOP_PAD from malloc.h.
      let topPad: Int32 = -2
      _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, 4 << 20)
    #endif
  }
}
