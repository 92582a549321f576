import CoinsModel

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

/// The append-only journal beside the portfolio file (`portfolio.json.journal`): one line per
/// change (``JournalEntry``), appended under the portfolio file's lock.
///
/// The crash rule. The journal and the file cannot be replaced together, so the entry is
/// appended and flushed first and the file renamed into place after it. A crash (or a failed
/// write) between the two leaves an entry whose ``JournalEntry/after`` is not the file on disk
/// while its ``JournalEntry/before`` is: that last entry is a change that did not happen, and is
/// dropped when the journal is read (and cut off before the next entry is appended). A last line
/// cut short by a crash is dropped the same way. A file without a journal (every file before
/// this one) reads as a portfolio with no changes to take back.
public struct PortfolioJournal: Sendable {
  /// The journal file.
  public let url: URL

  /// The journal of the portfolio file at `portfolioURL`.
  public init(portfolioURL: URL) {
    url = URL(fileURLWithPath: portfolioURL.path + ".journal")
  }

  /// The changes as the journal records them, oldest first, the crash rule applied against the
  /// portfolio file's stamp now (`nil`: no file).
  public func entries(current: FileStamp?) throws(JournalError) -> [JournalEntry] {
    guard let bytes = try readAll() else { return [] }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    lines.removeLast()  // after the last newline: empty, or a line cut short
    var entries: [JournalEntry] = []
    for (index, line) in lines.enumerated() {
      guard let entry = JournalEntry(line: line) else {
        if index == lines.count - 1 { break }
        throw .corrupt(path: url.path, detail: "line \(index + 1) is not a journal entry")
      }
      entries.append(entry)
    }
    if let last = entries.last, last.after != current, last.before == current {
      entries.removeLast()
    }
    return entries
  }

  /// The last change the journal keeps against `current` (the crash rule applied), read from
  /// the journal's end without the lines before it; `nil` when there is none, or when its line
  /// is not an entry (``entries(current:)`` then names the damage).
  public func lastEntry(current: FileStamp?) throws(JournalError) -> JournalEntry? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
    }
    let keep = try tail(fd, size: Int(status.st_size), current: current).keep
    guard keep > 0 else { return nil }
    let start = (try lastNewline(fd, before: keep - 1)).map { $0 + 1 } ?? 0
    return JournalEntry(line: try readRange(fd, start..<(keep - 1))[...])
  }

  /// Appends `entry` (numbered after the last one kept) and flushes it; a last line the crash
  /// rule drops against `current` is cut off first. Called under the portfolio file's lock.
  func append(_ make: (_ number: Int) -> JournalEntry, current: FileStamp?) throws(DocumentFile
    .Failure)
  {
    let fd = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw writeFailure() }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw writeFailure() }
    let lastNumber: Int
    let keep: Int
    do {
      (lastNumber, keep) = try tail(fd, size: Int(status.st_size), current: current)
    } catch {
      throw .writeFailed(reason: error.message)
    }
    if keep < Int(status.st_size) {
      guard ftruncate(fd, off_t(keep)) == 0 else { throw writeFailure() }
    }
    let line = make(lastNumber + 1).line()
    let written = line.withUnsafeBytes { writeAll($0, to: fd) }
    guard written, fsync(fd) == 0 else {
      let failure = writeFailure()
      _ = ftruncate(fd, off_t(keep))
      throw failure
    }
  }

  /// The number of the last entry kept and the length the file keeps: the lines the crash rule
  /// drops (a line cut short, a last entry whose change did not happen) are left out.
  private func tail(_ fd: Int32, size: Int, current: FileStamp?) throws(JournalError)
    -> (lastNumber: Int, keep: Int)
  {
    var end = size
    var mayDropUnmade = true
    while end > 0 {
      // The line before `end`: the complete lines end in a newline; bytes after the last one
      // are a line cut short.
      guard let newline = try lastNewline(fd, before: end) else { return (0, 0) }
      if newline != end - 1 {
        end = newline + 1
        continue
      }
      let start = (try lastNewline(fd, before: newline)).map { $0 + 1 } ?? 0
      let line = try readRange(fd, start..<newline)
      if let entry = JournalEntry.Head(line: line[...]) {
        guard mayDropUnmade, entry.after != current, entry.before == current else {
          return (entry.number, end)
        }
        mayDropUnmade = false
      }
      end = start
    }
    return (0, 0)
  }

  /// The offset of the last newline before `end`, read backwards in chunks.
  private func lastNewline(_ fd: Int32, before end: Int) throws(JournalError) -> Int? {
    var chunkEnd = end
    while chunkEnd > 0 {
      let start = max(0, chunkEnd - 65_536)
      let chunk = try readRange(fd, start..<chunkEnd)
      if let index = chunk.lastIndex(of: UInt8(ascii: "\n")) { return start + index }
      chunkEnd = start
    }
    return nil
  }

  private func readRange(_ fd: Int32, _ range: Range<Int>) throws(JournalError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: range.count)
    var done = 0
    while done < range.count {
      let got = bytes.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
      }
      done += got
    }
    return bytes
  }

  /// The whole journal (it has no size limit: an entry may hold a large import's bytes).
  private func readAll() throws(JournalError) -> [UInt8]? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
    }
    return try readRange(fd, 0..<Int(status.st_size))
  }

  /// A failure to append, as the portfolio file's write path reports it.
  private func writeFailure() -> DocumentFile.Failure {
    .writeFailed(
      reason: "cannot write the journal \(url.path): \(String(cString: strerror(errno)))")
  }
}
