import FoundationEssentials

/// Adds the rows of an import file to a portfolio, all or nothing, so that importing the same
/// file twice adds nothing.
///
/// A row with an id matches the transaction with that id. A row without one matches by its
/// content (date, type, coin, amount, price, currency, fee, fee currency, note) and by how many
/// times that content came before it in the file: the n-th such row is already there when the
/// portfolio holds at least n transactions with that content, so two real identical buys stay
/// two.
public enum PortfolioImport {
  /// What an import did.
  public struct Outcome: Sendable, Equatable {
    /// Rows added as new transactions.
    public var added: Int
    /// Rows already in the portfolio.
    public var alreadyThere: Int
  }

  /// Applies `rows` to `portfolio`; throws, changing nothing, when a row's id appears twice or
  /// the result would take out more than is held at some date.
  public static func apply(_ rows: [ImportRow], to portfolio: inout Portfolio)
    throws(ImportError) -> Outcome
  {
    var changed = portfolio
    var existingIDs = Set<String>()
    var existingCounts: [String: Int] = [:]
    var largestID = 0
    for holding in changed.holdings {
      for transaction in holding.transactions {
        existingIDs.insert(transaction.id)
        existingCounts[key(holding.id, transaction), default: 0] += 1
        largestID = max(largestID, Int(transaction.id) ?? 0)
      }
    }
    // The ids the file gives: a new transaction's id is none of them.
    let rowIDs = Set(rows.lazy.map(\.transaction.id).filter { !$0.isEmpty })
    var holdingIndex = Dictionary(
      changed.holdings.enumerated().map { ($0.element.id, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    var seen: [String: Int] = [:]
    var fileIDs: [String: Int] = [:]
    var lines: [String: Int] = [:]
    var outcome = Outcome(added: 0, alreadyThere: 0)
    for row in rows {
      var transaction = row.transaction
      if !transaction.id.isEmpty {
        if let earlier = fileIDs[transaction.id] {
          throw ImportError(
            line: row.line, column: "id",
            reason: "'\(transaction.id)' is also the id on line \(earlier)")
        }
        fileIDs[transaction.id] = row.line
        if existingIDs.contains(transaction.id) {
          outcome.alreadyThere += 1
          continue
        }
      } else {
        let content = key(row.coin, transaction)
        let occurrence = seen[content, default: 0]
        seen[content] = occurrence + 1
        if occurrence < existingCounts[content, default: 0] {
          outcome.alreadyThere += 1
          continue
        }
        // One more than the largest numeric id so far (the portfolio's next id), passing
        // over the ids the file gives.
        var next = largestID + 1
        while rowIDs.contains(String(next)) { next += 1 }
        transaction.id = String(next)
      }
      largestID = max(largestID, Int(transaction.id) ?? 0)
      lines[transaction.id] = row.line
      if let index = holdingIndex[row.coin] {
        changed.holdings[index].transactions.append(transaction)
      } else {
        holdingIndex[row.coin] = changed.holdings.count
        changed.holdings.append(Holding(id: row.coin, transactions: [transaction]))
      }
      outcome.added += 1
    }
    for holding in changed.holdings {
      guard let (overdraw, held) = holding.firstOverdraw else { continue }
      let line = lines[overdraw.id] ?? rows.last(where: { $0.coin == holding.id })?.line ?? 1
      throw ImportError(
        line: line, column: "amount",
        reason:
          "a \(TransactionWords.kind(overdraw.kind)) of \(DecimalInput.text(overdraw.amount)) "
          + "\(holding.id) takes out more than the \(DecimalInput.text(held)) held at its date")
    }
    portfolio = changed
    return outcome
  }

  /// The content a row without an id is matched by.
  static func key(_ coin: String, _ transaction: Transaction) -> String {
    [
      transaction.date.map(ISO8601Timestamp.formatExact) ?? "", transaction.kind.rawValue, coin,
      DecimalInput.text(transaction.amount), transaction.price.map(DecimalInput.text) ?? "",
      transaction.currency ?? "", transaction.fee.map(DecimalInput.text) ?? "",
      transaction.feeCurrency ?? "", transaction.note ?? "",
    ].joined(separator: "\u{1F}")
  }
}
