#if canImport(Glibc)
  import Glibc
#endif

/// A benchmarking aid, off unless asked for: when the environment variable
/// `COINS_STARTUP_TRACE` names a file, each ``mark(_:)`` appends `step<TAB>nanoseconds` to it,
/// the time read from `CLOCK_MONOTONIC`, so `coins-bench` can split one run of `coins` into its
/// steps (`Benchmarks/README.md`). Unset, a mark costs one check of a value read once.
///
/// Only the C library: the point is to time start-up without adding to it.
package enum StartupTrace {
  /// Appends `step` and the monotonic time in nanoseconds when tracing is on.
  package static func mark(_ step: StaticString) {
    #if canImport(Glibc)
      guard traceDescriptor >= 0 else { return }
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      let nanoseconds = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
      var line: [UInt8] = []
      line.reserveCapacity(step.utf8CodeUnitCount + 22)
      step.withUTF8Buffer { line.append(contentsOf: $0) }
      line.append(UInt8(ascii: "\t"))
      line.append(contentsOf: String(nanoseconds).utf8)
      line.append(UInt8(ascii: "\n"))
      // One write per line on a descriptor opened for appending: lines never interleave.
      _ = line.withUnsafeBytes { write(traceDescriptor, $0.baseAddress, $0.count) }
    #endif
  }
}

#if canImport(Glibc)
  /// The trace file, opened at the first mark; -1 when `COINS_STARTUP_TRACE` is unset or empty
  /// (or the file cannot be opened). Closed on exec, so no child inherits it.
  private let traceDescriptor: Int32 = {
    guard let path = getenv("COINS_STARTUP_TRACE"), path.pointee != 0 else { return -1 }
    return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
  }()
#endif
