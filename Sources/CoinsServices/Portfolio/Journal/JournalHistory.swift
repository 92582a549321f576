import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The journal's changes and which of them are in effect: a change is taken back by an undo
/// that names it, and in effect again when that undo is itself taken back.
public struct JournalHistory: Sendable {
  /// The changes, oldest first.
  public let entries: [JournalEntry]
  /// Whether each change (by number) is in effect.
  private var inEffect: [Int: Bool] = [:]
  private let byNumber: [Int: JournalEntry]

  /// The history of `entries`.
  public init(_ entries: [JournalEntry]) {
    self.entries = entries
    byNumber = Dictionary(entries.map { ($0.number, $0) }, uniquingKeysWith: { _, last in last })
    for entry in entries {
      inEffect[entry.number] = true
      if let undone = entry.undoes { set(undone, inEffect: false) }
    }
  }

  private mutating func set(_ number: Int, inEffect value: Bool) {
    inEffect[number] = value
    if let undone = byNumber[number]?.undoes, undone < number { set(undone, inEffect: !value) }
  }

  /// Whether the change is in effect (not taken back).
  public func isInEffect(_ number: Int) -> Bool { inEffect[number] ?? false }

  /// The change that took back change `number` most recently.
  public func undoer(of number: Int) -> JournalEntry? {
    entries.last { $0.undoes == number }
  }

  /// The change `target` names.
  func entry(for target: UndoTarget) throws(JournalError) -> JournalEntry {
    switch target {
    case .last:
      guard let entry = entries.last(where: { isInEffect($0.number) && $0.undoes == nil }) else {
        throw .nothingToUndo
      }
      return entry
    case .change(let number):
      guard let entry = byNumber[number] else {
        throw .noSuchChange(number, last: entries.last?.number ?? 0)
      }
      guard isInEffect(number) else {
        throw .alreadyUndone(number, by: undoer(of: number)?.number ?? number)
      }
      return entry
    }
  }

  /// The later changes still in effect that count against taking `entry` back: an undo of a
  /// change that is itself later than `entry` cancels out with it and counts for nothing.
  private func laterChanges(than entry: JournalEntry) -> [JournalEntry] {
    entries.filter { later in
      later.number > entry.number && isInEffect(later.number)
        && (later.undoes.map { $0 < entry.number } ?? true)
    }
  }

  /// Refused when a later change touched a transaction `entry` touched (or refers to one), or
  /// changed the file beside the transactions as `entry` did.
  func checkNothingLaterDepends(on entry: JournalEntry) throws(JournalError) {
    let touched = entry.touchedIDs
    for later in laterChanges(than: entry) {
      let shared = touched.intersection(later.touchedIDs)
      if let id = shared.sorted(by: Self.idOrder).first {
        throw .laterChangeDepends(
          change: entry.number, on: later.number, command: later.commandText,
          reason: "it changes transaction \(id) too")
      }
      if entry.previousRest != nil, later.previousRest != nil {
        throw .laterChangeDepends(
          change: entry.number, on: later.number, command: later.commandText,
          reason: "it changes the same records beside the transactions")
      }
    }
  }

  /// Refused when one of `coins` (the holdings taking `entry` back changed) would take out more
  /// than was held at some date, naming the later change that recorded the transaction.
  func checkBalances(of portfolio: Portfolio, coins: Set<String>, after entry: JournalEntry)
    throws(JournalError)
  {
    for holding in portfolio.holdings where coins.contains(holding.id) {
      guard let (overdraw, _) = holding.firstOverdraw else { continue }
      let recorder = laterChanges(than: entry).last {
        $0.added.contains(overdraw.id) || $0.replaced.contains { $0.transaction.id == overdraw.id }
      }
      throw .wouldOverdraw(
        change: entry.number, transaction: overdraw.id, coin: holding.id, date: overdraw.date,
        by: recorder?.number)
    }
  }

  /// Puts back what `entry` changed: removes the transactions it added, puts back those it
  /// removed or replaced where they were, and the rest of the file as it was. Returns the
  /// coins whose transactions it changed.
  static func takeBack(_ entry: JournalEntry, in portfolio: inout Portfolio) throws -> Set<String> {
    let gone = Set(entry.added).union(entry.replaced.map(\.transaction.id))
    var coins = Set((entry.removed + entry.replaced).map(\.coin))
    if !gone.isEmpty {
      for index in portfolio.holdings.indices
      where portfolio.holdings[index].transactions.contains(where: { gone.contains($0.id) }) {
        portfolio.holdings[index].transactions.removeAll { gone.contains($0.id) }
        coins.insert(portfolio.holdings[index].id)
      }
    }
    for placed in (entry.removed + entry.replaced).sorted(by: { $0.index < $1.index }) {
      if let index = portfolio.holdings.firstIndex(where: { $0.id == placed.coin }) {
        let transactions = portfolio.holdings[index].transactions
        portfolio.holdings[index].transactions.insert(
          placed.transaction, at: min(placed.index, transactions.count))
      } else {
        portfolio.holdings.append(Holding(id: placed.coin, transactions: [placed.transaction]))
      }
    }
    portfolio.holdings.removeAll { $0.transactions.isEmpty }
    if let rest = entry.previousRest {
      var restored = try PortfolioCodec.decodeWithVersion(rest).0
      restored.holdings = portfolio.holdings
      portfolio = restored
    }
    return coins
  }

  /// Ids in the order people count them: `2` before `10`.
  static func idOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.count == rhs.count ? lhs < rhs : lhs.count < rhs.count
  }
}

extension JournalEntry {
  /// The command line as one line, control characters made harmless.
  public var commandText: String {
    Sanitizer.clean(commandLine.joined(separator: " "))
  }
}

extension JournalEntry {
  /// What the change did, in a few words: `added transaction 12`, `added 3000 transactions`,
  /// `removed transactions 3 and 4`, `changed transaction 5`, `changed other records`; an undo
  /// reads `took back change 3 (removed transaction 12)`.
  public var summary: String {
    var parts: [String] = []
    func part(_ verb: String, _ ids: [String]) {
      switch ids.count {
      case 0: break
      case 1: parts.append("\(verb) transaction \(ids[0])")
      case 2...3:
        parts.append(
          "\(verb) transactions " + Sentence.list(ids.sorted(by: JournalHistory.idOrder)))
      default: parts.append("\(verb) \(ids.count) transactions")
      }
    }
    part("added", added)
    part("removed", removed.map(\.transaction.id))
    part("changed", replaced.map(\.transaction.id))
    if previousRest != nil { parts.append("changed other records") }
    if parts.isEmpty { parts.append("rewrote the file") }
    let text = parts.joined(separator: ", ")
    return undoes.map { "took back change \($0) (\(text))" } ?? text
  }
}
