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

/// Writes a file so that readers see either the old or the new content, never a mix: a temp
/// file in the same folder, flushed to disk (unless it is only a cache), then renamed over the
/// target.
package enum AtomicFile {
  /// Why a write failed, with the path and the system's reason.
  package struct WriteError: Error, Equatable {
    var path: String
    var reason: String

    /// Each member as given.
    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// Writes `data` to `url` atomically with the given permissions. A `durable` write waits
  /// until the file and its folder entry are on disk. The market, price and known-coins caches
  /// are not durable (that wait is a few milliseconds on every fetch): after a crash such a file
  /// may be lost or damaged, and their readers ignore a damaged one (a checksum, a failed
  /// decode).
  package static func write(
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

  /// Makes `target` another name of the file at `source` — a hard link, put in place by a
  /// rename, so a reader of `target` sees its old file or the new one — owner-only. Where the
  /// file system has no hard links, `target` is a copy of `bytes` (the file's content), written
  /// as ``write(_:to:permissions:durable:)`` writes. A copy of a large file costs as much as
  /// writing it again; a link, nothing. Not flushed: the next durable write in the folder
  /// flushes the folder entry.
  static func keep(_ source: URL, as target: URL, bytes: [UInt8]) throws {
    let directory = target.deletingLastPathComponent().path
    let temp = directory + "/.\(target.lastPathComponent).tmp.link\(getpid())"
    unlink(temp)
    guard link(source.path, temp) == 0 else {
      switch errno {
      case EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS:
        return try write(bytes, to: target, permissions: 0o600)
      default:
        throw failure(target.path)
      }
    }
    guard chmod(temp, 0o600) == 0, rename(temp, target.path) == 0 else {
      let error = failure(target.path)
      unlink(temp)
      throw error
    }
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
/// (`errno` says which). Outside ``AtomicFile``, whose `write` would hide the C library's; the
/// portfolio's journal appends through it too.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
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
