import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which change `coins portfolio undo` takes back.
public enum UndoTarget: Sendable, Equatable {
  /// The newest change still in effect that is not itself an undo.
  case last
  /// The change with this number.
  case change(Int)
}

/// A change taken back.
public struct UndoOutcome: Sendable {
  /// The change taken back, as the journal recorded it.
  public let undone: JournalEntry
  /// Whether the file is now byte for byte the one before that change (else its transactions
  /// were put back one by one, the changes after it kept).
  public let restoredExactly: Bool
}

extension PortfolioStore {
  /// Takes back a change the journal records, and journals that as a change of its own.
  ///
  /// While the file is the one the change produced, the bytes it replaced are put back: the
  /// file is then byte for byte what it was. Otherwise (later changes were made), its
  /// transactions are put back one by one — refused, with nothing written, when a later change
  /// still in effect touched the same transactions or refers to them, or when a transaction
  /// would then take out more than was held (naming the change that recorded it).
  public func undo(_ target: UndoTarget) throws(JournalError) -> UndoOutcome {
    do {
      return try write { original, read in
        let current = original.map(FileStamp.init(of:))
        if target == .last, let original, let read,
          let last = try journal.lastEntry(current: current), last.undoes == nil,
          let restored = restoring(last, original, current, read)
        {
          return restored  // the newest change: nothing later can depend on it
        }
        let entries = try journal.entries(current: current)
        let history = JournalHistory(entries)
        let entry = try history.entry(for: target)
        if let original, let read, let restored = restoring(entry, original, current, read) {
          return restored
        }
        try history.checkNothingLaterDepends(on: entry)
        var portfolio = read?.portfolio ?? Portfolio()
        let coins = try JournalHistory.takeBack(entry, in: &portfolio)
        try history.checkBalances(of: portfolio, coins: coins, after: entry)
        return PortfolioWrite(
          content: PortfolioCodec.bytes(of: portfolio), portfolio: portfolio,
          result: UndoOutcome(undone: entry, restoredExactly: false), undoes: entry.number)
      }
    } catch let error as JournalError {
      throw error
    } catch let error as PortfolioError {
      throw .portfolio(error)
    } catch {
      throw .portfolio(.writeFailed(path: url.path, reason: "\(error)"))
    }
  }

  /// The write that puts back the bytes `entry` replaced, while the file (`original`, stamped
  /// `current`) is the one it produced and the bytes put back are the ones it found (their
  /// stamp is ``JournalEntry/before``); `nil` otherwise. The portfolio they hold is `read`'s
  /// with `entry` taken back, not parsed again: its untouched coins stay the very arrays read,
  /// so the journal's diff of the undo costs only the coins `entry` changed.
  private func restoring(
    _ entry: JournalEntry, _ original: [UInt8], _ current: FileStamp?, _ read: Decoded
  ) -> PortfolioWrite<UndoOutcome>? {
    guard current == entry.after, entry.before != nil,
      let bytes = entry.splice.reverting(original), FileStamp(of: bytes) == entry.before
    else { return nil }
    var portfolio = read.portfolio
    guard (try? JournalHistory.takeBack(entry, in: &portfolio)) != nil else { return nil }
    return PortfolioWrite(
      content: bytes, portfolio: portfolio,
      result: UndoOutcome(undone: entry, restoredExactly: true), undoes: entry.number)
  }
}

extension PortfolioStore {
  /// The journal's changes as they stand against the file on disk now (the crash rule applied;
  /// see ``PortfolioJournal``). Read without the lock: a change made meanwhile is either in
  /// both or, its entry already appended, dropped as not yet made.
  public func history() throws(JournalError) -> JournalHistory {
    let bytes: [UInt8]?
    do {
      bytes = try file.read()
    } catch {
      throw .portfolio(error.reported(at: url.path))
    }
    return JournalHistory(try journal.entries(current: bytes.map(FileStamp.init(of:))))
  }
}
