import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why the journal cannot be read, or a change cannot be taken back: one line for the user.
public enum JournalError: Error, Sendable, Equatable {
  /// The journal is not one coins wrote.
  case corrupt(path: String, detail: String)
  /// The journal could not be read.
  case unreadable(path: String, reason: String)
  /// No change is left to take back.
  case nothingToUndo
  /// No change has this number.
  case noSuchChange(Int, last: Int)
  /// The change was already taken back.
  case alreadyUndone(Int, by: Int)
  /// A later change depends on the one to take back.
  case laterChangeDepends(change: Int, on: Int, command: String, reason: String)
  /// Taking the change back would leave a transaction taking out more than was held.
  case wouldOverdraw(change: Int, transaction: String, coin: String, date: Date?, by: Int?)
  /// The portfolio file could not be read or written.
  case portfolio(PortfolioError)

  /// Whether the failure is in the files themselves (bad data) rather than a refusal.
  public var isBadData: Bool {
    switch self {
    case .corrupt, .unreadable: true
    case .portfolio(let error):
      switch error {
      case .corrupt, .corruptWithBackup, .newerVersion, .unreadable: true
      default: false
      }
    default: false
    }
  }

  /// One line for the user, without the `Error: ` prefix.
  public var message: String {
    switch self {
    case .corrupt(let path, let detail):
      "The journal \(path) cannot be read: \(detail). It was left unchanged."
    case .unreadable(let path, let reason):
      Sentence.ended("The journal \(path) cannot be read: \(reason)")
    case .nothingToUndo:
      "There is no change to take back; coins portfolio log lists the changes."
    case .noSuchChange(let number, let last):
      last == 0
        ? "There is no change \(number): the journal is empty."
        : "There is no change \(number); the changes are numbered 1 to \(last) "
          + "(coins portfolio log)."
    case .alreadyUndone(let number, let by):
      "Change \(number) was already taken back by change \(by). Nothing was changed."
    case .laterChangeDepends(let change, let later, let command, let reason):
      "Cannot take back change \(change): change \(later) (\(command)) depends on it — "
        + "\(reason). Take back change \(later) first. Nothing was changed."
    case .wouldOverdraw(let change, let transaction, let coin, let date, let later):
      "Cannot take back change \(change): transaction \(transaction) would then take out more "
        + "\(coin) than was held\(Self.on(date))"
        + (later.map { " (recorded by change \($0); take it back first)" } ?? "")
        + ". Nothing was changed."
    case .portfolio(let error): error.message
    }
  }

  /// ` on 2026-03-01`, or nothing for an undated transaction.
  private static func on(_ date: Date?) -> String {
    guard let date else { return "" }
    return " on " + String(ISO8601Timestamp.format(date).prefix(10))
  }
}
