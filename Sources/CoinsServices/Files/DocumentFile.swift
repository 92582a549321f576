import CoinsModel
import CoinsSupport

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

/// A small file `coins` keeps for the user (the portfolio, the alerts), changed so that nothing
/// is ever lost.
///
/// Every change holds an exclusive lock (`<file>.lock`) around the whole read-modify-write,
/// writes a temp file in the same folder, flushes it, renames it over the file, and keeps the
/// previous version as `<file>.bak` (a second name of the previous file, not a copy of it). The caller decodes and encodes; a file it cannot decode is
/// never overwritten, because the change throws before anything is written.
package struct DocumentFile: Sendable {
  /// Why the file could not be read or written, with the system's reason.
  package enum Failure: Error, Equatable {
    /// The file or its folder could not be read.
    case unreadable(reason: String)
    /// The file is larger than any file `coins` writes.
    case tooLarge(limit: Int)
    /// The file could not be written; the previous one is intact.
    case writeFailed(reason: String)
  }

  /// Larger than this, a file is not one `coins` wrote.
  package static let sizeLimit = 64 * 1024 * 1024

  /// The file.
  package let url: URL
  /// Other files written beside it (temp files they left are cleaned up like the file's own).
  package let companions: [URL]

  /// The file at `url`, with `companions` written beside it.
  package init(url: URL, companions: [URL] = []) {
    self.url = url
    self.companions = companions
  }

  /// Where the previous version is kept.
  package var backupURL: URL { URL(fileURLWithPath: url.path + ".bak") }
  /// The lock file every change holds.
  package var lockURL: URL { URL(fileURLWithPath: url.path + ".lock") }

  /// The file's bytes, or `nil` when there is no file.
  package func read() throws(Failure) -> [UInt8]? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .unreadable(reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(fd, &status) == 0, status.st_size > 0, status.st_size <= Self.sizeLimit {
      // As many bytes as the file has read straight into the array (a portfolio can be tens of
      // megabytes: one copy, not two); anything after them is read below.
      let size = Int(status.st_size)
      var failed: Int32?
      bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        (count, failed) = Self.readLeadingBytes(fd, into: buffer.baseAddress!, size: size)
      }
      if let failed { throw .unreadable(reason: String(cString: strerror(failed))) }
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[0..<count]
      if bytes.count > Self.sizeLimit { throw .tooLarge(limit: Self.sizeLimit) }
    }
    return bytes
  }

  /// The JSON document in a file's bytes (a leading byte-order mark is skipped).
  package static func json(_ bytes: [UInt8]) throws(JSONValueParser.SyntaxError) -> JSONValue {
    let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    return try JSONValueParser.parse(hasBOM ? Array(bytes.dropFirst(3)) : bytes)
  }

  /// Under the lock: reads the file (`nil` when absent), lets `change` make the new content,
  /// calls `beforeWriting` with the old and new bytes (the portfolio's journal is appended
  /// there, before the file is replaced), keeps the old bytes as `.bak` (and, when
  /// `keepOriginal` names a place, there too) and writes the new ones. When `change` or
  /// `beforeWriting` throws, nothing is written and its error is rethrown; when the write fails,
  /// the extra copy goes too.
  package func update<T>(
    keepOriginal: () -> URL? = { nil },
    beforeWriting: (_ original: [UInt8]?, _ content: [UInt8]) throws -> Void = { _, _ in },
    _ change: (_ original: [UInt8]?) throws -> (content: [UInt8], result: T)
  ) throws -> T {
    try createFolder()
    let lock = try FileLock(path: lockURL.path)
    defer { lock.release() }
    removeAbandonedTempFiles()
    let original = try read()
    let (content, result) = try change(original)
    try beforeWriting(original, content)
    var copy: URL?
    do {
      if let original {
        try AtomicFile.keep(url, as: backupURL, bytes: original)
        if let place = keepOriginal() {
          try AtomicFile.keep(url, as: place, bytes: original)
          copy = place
        }
      }
      try AtomicFile.write(content, to: url, permissions: 0o600)
    } catch let error as AtomicFile.WriteError {
      if let copy { try? FileManager.default.removeItem(at: copy) }
      throw Failure.writeFailed(reason: error.reason)
    }
    return result
  }

  /// Temp files a writer killed mid-write left behind. Only called under the lock, when no
  /// other writer can be using one.
  private func removeAbandonedTempFiles() {
    let folder = url.deletingLastPathComponent()
    let prefixes = ([url, backupURL] + companions).map { ".\($0.lastPathComponent).tmp." }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for name in names where prefixes.contains(where: name.hasPrefix) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  private func createFolder() throws(Failure) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .writeFailed(reason: "cannot create the folder \(folder.path)")
    }
  }
}

extension DocumentFile {
  /// Up to `size` bytes from the start of `fd` into `base`, and the error that stopped them
  /// short, if one did: one read, repeated only when the system hands back fewer bytes.
  fileprivate static func readLeadingBytes(
    _ fd: Int32, into base: UnsafeMutablePointer<UInt8>, size: Int
  )
    -> (count: Int, failed: Int32?)
  {
    var count = 0
    while count < size {
      let got = readBytes(fd, base + count, size - count)
      if got < 0 && errno == EINTR { continue }
      if got < 0 { return (count, errno) }
      if got == 0 { break }
      count += got
    }
    return (count, nil)
  }
}

/// The C library's `read`, which ``DocumentFile``'s own `read()` hides inside the type.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
