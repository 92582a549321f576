import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see either the old or the new content, never a mix: a temp
/// file in the same folder, flushed to disk (unless it is only a cache), then renamed over the
/// target.
enum AtomicFile {
  /// Why a write failed, with the path and the system's reason.
  struct WriteError: Error, Equatable {
    var path: String
    var reason: String
  }

  /// Writes `data` to `url` atomically with the given permissions. A `durable` write waits
  /// until the file and its folder entry are on disk. The market, price and known-coins caches
  /// are not durable (that wait is a few milliseconds on every fetch): after a crash such a file
  /// may be lost or damaged, and their readers ignore a damaged one (a checksum, a failed
  /// decode).
  static func write(
    _ data: some ContiguousBytes, to url: URL, permissions: mode_t = 0o644, durable: Bool = true
  ) throws {
    let directory = url.deletingLastPathComponent().path
    let template = directory + "/.\(url.lastPathComponent).tmp.XXXXXX"
    var pathBytes = Array(template.utf8CString)
    let fd = pathBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw failure(url.path) }
    let tempPath = String(
      decoding: pathBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var closed = false
    defer {
      if !closed { close(fd) }
    }
    do {
      guard fchmod(fd, permissions) == 0 else { throw failure(url.path) }
      try data.withUnsafeBytes { bytes in
        guard writeAll(bytes, to: fd) else { throw failure(url.path) }
      }
      guard !durable || fsync(fd) == 0 else { throw failure(url.path) }
      closed = true
      guard close(fd) == 0 else { throw failure(url.path) }
      guard rename(tempPath, url.path) == 0 else { throw failure(url.path) }
    } catch {
      unlink(tempPath)
      throw error
    }
    if durable { syncDirectory(directory) }
  }

  /// Flushes the folder entry so the rename itself survives a crash.
  private static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  private static func failure(_ path: String) -> WriteError {
    WriteError(path: path, reason: String(cString: strerror(errno)))
  }
}

/// Writes all of `bytes` to `descriptor`, again after an interrupted call; `false` on an error
/// (`errno` says which). Outside ``AtomicFile``, whose `write` would hide the C library's.
private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
  var done = 0
  while done < bytes.count {
    let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    done += written
  }
  return true
}
