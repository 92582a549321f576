import CoinsModel
import FoundationEssentials

extension MarketCache {
  /// The header's size: the magic number, the version and the payload's checksum.
  static let headerSize = 20

  /// Writes the file of `entry` through `output`: ``headerSize`` zero bytes of room for the
  /// header, then the payload in pieces of about `pieceSize` bytes (larger for a coin that needs
  /// more). Returns the header, which depends on the whole payload, for the caller to write
  /// over that room.
  ///
  /// One small buffer, used again and again, rather than one the size of the file: a cold
  /// `coins top` writes its cache beside the table, and fresh memory costs a page fault per
  /// 4 KB (~100 for the top 250) where the buffer takes a few.
  static func stream(
    _ entry: Entry, pieceSize: Int = 64 * 1024,
    to output: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows -> [UInt8] {
    try [UInt8](repeating: 0, count: headerSize).withUnsafeBytes { try output($0) }
    var pieces = PayloadPieces(capacity: max(pieceSize, 1))
    defer { pieces.deallocate() }
    try pieces.reserve(CacheWriter.maximumSize(of: entry.currency) + 12, output: output)
    pieces.writer.string(entry.currency)
    pieces.writer.double(entry.fetchedAt.timeIntervalSinceReferenceDate)
    pieces.writer.uint32(UInt32(entry.coins.count))
    for coin in entry.coins {
      try pieces.reserve(CacheWriter.maximumSize(of: coin), output: output)
      pieces.writer.coin(coin)
    }
    let checksum = try pieces.finish(output: output)
    var header = [UInt8](repeating: 0, count: headerSize)
    header.withUnsafeMutableBytes { bytes in
      var writer = CacheWriter(bytes)
      writer.uint64(magic)
      writer.uint32(UInt32(entry.version))
      writer.uint64(checksum)
    }
    return header
  }
}

/// The payload on its way out: written into a buffer, handed on in whole words (so that the
/// checksum can follow) whenever the next part might not fit.
private struct PayloadPieces {
  private var buffer: UnsafeMutableRawBufferPointer
  private var checksum = CacheChecksum()
  /// Writes into ``buffer``; room is made with ``reserve(_:output:)`` first.
  var writer: CacheWriter

  init(capacity: Int) {
    buffer = .allocate(byteCount: capacity, alignment: 8)
    writer = CacheWriter(buffer)
  }

  /// Makes room for `size` more bytes: hands on the whole words written so far when they might
  /// not fit, and grows the buffer for a part larger than it.
  mutating func reserve(
    _ size: Int, output: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    guard writer.count + size > buffer.count else { return }
    let words = writer.count / 8 * 8
    let left = writer.count - words
    if words > 0 {
      let done = UnsafeRawBufferPointer(rebasing: buffer[..<words])
      checksum.add(words: done)
      try output(done)
      // The last few bytes (fewer than a word) start the next piece.
      buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + words, byteCount: left)
    }
    if left + size > buffer.count {
      let larger = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(left + size, 2 * buffer.count), alignment: 8)
      larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: left)
      buffer.deallocate()
      buffer = larger
    }
    writer = CacheWriter(buffer, count: left)
  }

  /// Hands on the rest and gives the payload's checksum.
  mutating func finish(output: (UnsafeRawBufferPointer) throws -> Void) rethrows -> UInt64 {
    let rest = UnsafeRawBufferPointer(rebasing: buffer[..<writer.count])
    try output(rest)
    return checksum.finished(adding: rest)
  }

  func deallocate() {
    buffer.deallocate()
  }
}
