import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One change to the portfolio file, as ``PortfolioJournal`` keeps it: when, by which command
/// line, what it changed, and what it takes to take it back.
///
/// Two records of the change are kept, for the two ways of taking it back:
/// - ``splice``: the bytes the change replaced, so that while the file is still the one this
///   change produced (``after``), undoing it restores the previous file byte for byte — an
///   import of thousands of rows included — without re-encoding anything.
/// - the transactions it added (their ids), removed and replaced (their previous versions, with
///   their coin and place), and the rest of the file before it (``previousRest``) when that
///   changed: so that it can be taken back later, after other changes that do not depend on it.
public struct JournalEntry: Sendable, Equatable {
  /// The change's number: 1, 2, … in the order they were made.
  public var number: Int
  /// When it was made.
  public var date: Date
  /// The command line that made it (`coins portfolio add btc 0.5`), as typed.
  public var commandLine: [String]
  /// The file before the change; `nil` when there was none.
  public var before: FileStamp?
  /// The file the change wrote.
  public var after: FileStamp
  /// The bytes it replaced.
  public var splice: ByteSplice
  /// The ids of the transactions it added.
  public var added: [String]
  /// The transactions it removed, as they were.
  public var removed: [PlacedTransaction]
  /// The transactions it changed (same id), as they were before.
  public var replaced: [PlacedTransaction]
  /// Ids the transactions it added or replaced refer to (a move's other half): a change that
  /// links to a transaction depends on it.
  public var referenced: [String]
  /// The file's text without its transactions before the change, when the change altered it
  /// (a member beside the holdings, such as stated balances or acceptances).
  public var previousRest: [UInt8]?
  /// The change this one took back (`coins portfolio undo`), when it was an undo of one.
  public var undoes: Int?

  /// Every id the change touched: added, removed, replaced and referenced.
  public var touchedIDs: Set<String> {
    Set(added).union(removed.map(\.transaction.id)).union(replaced.map(\.transaction.id))
      .union(referenced)
  }
}

/// A transaction with the coin it belonged to and its place among that coin's transactions.
public struct PlacedTransaction: Sendable, Equatable {
  /// The CoinGecko id of its holding.
  public var coin: String
  /// Its index in the holding's transactions.
  public var index: Int
  /// The transaction.
  public var transaction: Transaction
}

/// How one file's bytes became another's: from `offset`, `insertedCount` new bytes stand where
/// `replacedBytes` stood (the common start and end left out).
public struct ByteSplice: Sendable, Equatable {
  /// Where the bytes differ first.
  public var offset: Int
  /// The bytes the new file no longer has there.
  public var replacedBytes: [UInt8]
  /// How many bytes the new file has there instead.
  public var insertedCount: Int

  /// The splice that turns `old` into `new`.
  public init(from old: [UInt8], to new: [UInt8]) {
    let limit = min(old.count, new.count)
    let (start, end) = old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        let start = CommonBytes.prefix(old, new, limit: limit)
        return (start, CommonBytes.suffix(old, new, limit: limit - start))
      }
    }
    offset = start
    replacedBytes = Array(old[start..<(old.count - end)])
    insertedCount = new.count - end - start
  }

  /// Each member as given.
  init(offset: Int, replacedBytes: [UInt8], insertedCount: Int) {
    self.offset = offset
    self.replacedBytes = replacedBytes
    self.insertedCount = insertedCount
  }

  /// The old file, from the new one; `nil` when `new` cannot be the file the splice made.
  public func reverting(_ new: [UInt8]) -> [UInt8]? {
    guard offset >= 0, insertedCount >= 0, offset + insertedCount <= new.count else { return nil }
    var old: [UInt8] = []
    old.reserveCapacity(new.count - insertedCount + replacedBytes.count)
    old += new[0..<offset]
    old += replacedBytes
    old += new[(offset + insertedCount)...]
    return old
  }
}
