#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a journal entry knows of the portfolio file before or after its change: its size and a
/// 64-bit FNV-1a hash of its bytes. Enough to tell whether the file on disk is the one a change
/// produced (the crash rule in ``PortfolioJournal``); not a defence against a forger.
public struct FileStamp: Sendable, Equatable {
  /// The file's size in bytes.
  public var size: Int
  /// FNV-1a over its bytes.
  public var hash: UInt64

  /// The stamp of `bytes`.
  public init(of bytes: [UInt8]) {
    size = bytes.count
    hash = bytes.withUnsafeBytes { CacheReader.checksum($0[...]) }
  }

  /// Each member as given.
  init(size: Int, hash: UInt64) {
    self.size = size
    self.hash = hash
  }

  /// `<size>:<hash in hex>`, as the journal writes it.
  var text: String { "\(size):" + String(hash, radix: 16) }

  /// The stamp `text` wrote; `nil` for anything else.
  init?(text: String) {
    let parts = text.split(separator: ":")
    guard parts.count == 2, let size = Int(parts[0]), let hash = UInt64(parts[1], radix: 16)
    else { return nil }
    self.init(size: size, hash: hash)
  }
}
