#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What can go wrong with the portfolio file or a change to it.
public enum PortfolioError: Error, Sendable, Equatable {
  /// The file is not JSON or not a portfolio; nothing was changed.
  case corrupt(path: String, detail: String)
  /// The file is not JSON or not a portfolio, and the version before its last change is kept
  /// beside it as `<path>.bak`; nothing was changed.
  case corruptWithBackup(path: String, detail: String)
  /// The file was written by a newer `coins`.
  case newerVersion(path: String, version: Int)
  /// The file or its folder could not be read.
  case unreadable(path: String, reason: String)
  /// The file could not be written; the previous one is intact.
  case writeFailed(path: String, reason: String)
  /// Removing a coin that is not held.
  case notHeld(String)
  /// Removing more than is held.
  case removingMoreThanHeld(id: String, held: Decimal, asked: Decimal)
  /// A sell or transfer out of more than is held at its date.
  case exceedsHolding(id: String, held: Decimal, asked: Decimal, date: Date?)
  /// A sell, transfer out or move of more than its wallet holds at its date.
  case exceedsWallet(id: String, wallet: String, held: Decimal, asked: Decimal, date: Date?)
  /// A coin held in several wallets, none of which was named, and none holding enough alone.
  case walletNotNamed(id: String, amounts: [String: Decimal])
  /// No transaction names this wallet.
  case noSuchWallet(String, known: [String])
  /// A transfer out and a transfer in that cannot be paired as a move, and why.
  case notAMove(out: String, in: String, problem: String)
  /// No transaction has this id.
  case noSuchTransaction(String)
  /// Undoing the transaction would leave a negative balance at some date.
  case undoWouldOverdraw(
    transactionID: String, coin: String, held: Decimal, asked: Decimal, date: Date?)

  /// One line for the user, without the `Error: ` prefix.
  public var message: String {
    switch self {
    case .corrupt(let path, let detail):
      return Sentence.ended("The portfolio file \(path) cannot be read: \(detail)")
        + " It was left unchanged; fix it by hand."
    case .corruptWithBackup(let path, let detail):
      return Sentence.ended("The portfolio file \(path) cannot be read: \(detail)")
        + " It was left unchanged; fix it by hand or restore \(path).bak (the version before "
        + "its last change)."
    case .newerVersion(let path, let version):
      return "The portfolio file \(path) has format version \(version), written by a newer "
        + "coins (this one reads version \(Portfolio.formatVersion)). It was left unchanged."
    case .unreadable(let path, let reason):
      return Sentence.ended("The portfolio file \(path) cannot be read: \(reason)")
    case .writeFailed(let path, let reason):
      return Sentence.ended("The portfolio file \(path) could not be written: \(reason)")
        + " Nothing was changed."
    case .notHeld(let id):
      return "The portfolio holds no \(id)."
    case .removingMoreThanHeld(let id, let held, let asked):
      return "Cannot remove \(asked) \(id): the portfolio holds only \(held). Nothing was changed."
    case .exceedsHolding(let id, let held, let asked, let date):
      return
        "Cannot take out \(DecimalInput.text(asked)) \(id)\(Self.on(date)): the portfolio holds "
        + "only \(DecimalInput.text(held)) then. Nothing was changed."
    case .exceedsWallet(let id, let wallet, let held, let asked, let date):
      return
        "Cannot take out \(DecimalInput.text(asked)) \(id) from wallet \(wallet)\(Self.on(date)): "
        + "it holds only \(DecimalInput.text(held)) then. Nothing was changed."
    case .walletNotNamed(let id, let amounts):
      let held = amounts.sorted { $0.key < $1.key }
        .map { "\($0.key) (\(DecimalInput.text($0.value)))" }
      return "\(id) is held in \(Sentence.list(held)): name the wallet with --wallet."
    case .noSuchWallet(let name, let known):
      return "No transaction is in a wallet named '\(Sanitizer.printable(name))'; the wallets are "
        + "\(Sentence.list(known))."
    case .notAMove(let out, let arrival, let problem):
      return "Cannot pair transactions \(Sanitizer.printable(out)) and "
        + "\(Sanitizer.printable(arrival)) as a move: \(problem). Nothing was changed."
    case .noSuchTransaction(let id):
      return "No transaction has the id '\(Sanitizer.printable(id))'; "
        + "coins portfolio history lists them."
    case .undoWouldOverdraw(let transactionID, let coin, let held, let asked, let date):
      return "Cannot undo transaction \(transactionID): a later take-out of "
        + "\(DecimalInput.text(asked)) \(coin)\(Self.on(date)) would exceed the "
        + "\(DecimalInput.text(held)) held then. Nothing was changed."
    }
  }

  /// ` on 2026-03-01`, or nothing for an undated transaction.
  private static func on(_ date: Date?) -> String {
    guard let date else { return "" }
    return " on " + String(ISO8601Timestamp.format(date).prefix(10))
  }
}
