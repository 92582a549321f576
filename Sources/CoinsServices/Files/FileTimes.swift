#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's times from `stat`, whose field is `st_mtim` on Linux and `st_mtimespec` on Darwin:
/// the one place that knows (`PortableSourceTests` keeps it so).
package enum FileTimes {
  /// When the file or folder at `path` was last modified (seconds since 1970), `nil` when it is
  /// missing.
  package static func modified(_ path: String) -> Double? {
    var facts = stat()
    guard stat(path, &facts) == 0 else { return nil }
    #if canImport(Darwin)
      let time = facts.st_mtimespec
    #else
      let time = facts.st_mtim
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
