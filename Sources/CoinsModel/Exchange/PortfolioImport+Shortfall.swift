#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioImport {
  /// The note of the coins an import added as held before its export.
  static let heldBeforeNote = "held before the export (cost unknown)"

  /// Whether `transaction` is coins an import added as held before its export.
  static func isHeldBefore(_ transaction: Transaction) -> Bool {
    transaction.kind == .transferIn && transaction.costUnknown
      && transaction.note == heldBeforeNote && transaction.externalID == nil
  }

  /// Adds, before each sale or transfer out of the holdings of `touched` that takes out more
  /// than its wallet holds at that point, a transfer in of the missing coins into that wallet
  /// at an unknown cost (an export that starts mid-history: they were held before it). One
  /// pass per holding, in the order the transactions count; the new transfer takes the next id.
  ///
  /// Coins an earlier import added so are worked out again: one still needed (the same
  /// wallet, day and amount before the same take-out) stays as it is, so importing again
  /// changes nothing; one an earlier export now brings in for real is removed (counted in
  /// `removed`).
  static func cover(
    _ portfolio: inout Portfolio, touched: Set<String>, lines: [String: Int],
    removed: inout Int
  ) -> [Shortfall] {
    var covered: [Shortfall] = []
    var nextID = 1
    for holding in portfolio.holdings {
      for transaction in holding.transactions {
        nextID = max(nextID, (Int(transaction.id) ?? 0) + 1)
      }
    }
    for index in portfolio.holdings.indices where touched.contains(portfolio.holdings[index].id) {
      let holding = portfolio.holdings[index]
      let earlier = holding.transactions.indices.filter { isHeldBefore(holding.transactions[$0]) }
      // What each wallet holds; the wallet of the transaction before, and its balance, kept
      // apart (an export is of one wallet: no hash of its name a transaction).
      var held: [String: ExactDecimal] = [:]
      var (wallet, balance) = (String?.none, ExactDecimal.zero)
      // The missing amount before each transaction (by index) that needs it.
      var missing: [Int: ExactDecimal] = [:]
      for position in holding.chronologicalIndices where !earlier.contains(position) {
        let transaction = holding.transactions[position]
        let amount = ExactDecimal(transaction.amount)
        if transaction.wallet != wallet {
          if let wallet { held[wallet] = balance }
          wallet = transaction.wallet
          balance = held[transaction.wallet, default: .zero]
        }
        if transaction.kind.addsCoins {
          balance += amount
        } else {
          if amount > balance {
            missing[position] = amount - balance
            balance = amount
          }
          balance -= amount
        }
      }
      guard !missing.isEmpty || !earlier.isEmpty else { continue }
      var rebuilt: [Transaction] = []
      rebuilt.reserveCapacity(holding.transactions.count + missing.count)
      var kept = Set<Int>()
      for (position, transaction) in holding.transactions.enumerated() {
        if earlier.contains(position) { continue }
        if let amount = missing[position] {
          // An earlier import's cover of this take-out, else a new one: same day, just before
          // it in the file, so that it counts first.
          if let same = earlier.first(where: { place in
            let cover = holding.transactions[place]
            return !kept.contains(place) && cover.wallet == transaction.wallet
              && cover.date == transaction.date && ExactDecimal(cover.amount) == amount
          }) {
            kept.insert(same)
            rebuilt.append(holding.transactions[same])
          } else {
            rebuilt.append(
              Transaction(
                id: String(nextID), kind: .transferIn, amount: amount.decimal,
                date: transaction.date, note: heldBeforeNote, wallet: transaction.wallet,
                costUnknown: true))
            nextID += 1
            covered.append(
              Shortfall(
                line: lines[transaction.id] ?? 0, coin: holding.id, amount: amount.decimal))
          }
        }
        rebuilt.append(transaction)
      }
      removed += earlier.count - kept.count
      portfolio.holdings[index].transactions = rebuilt
    }
    return covered.sorted { $0.line < $1.line }
  }

  /// The transfers in (not income) and out among `added` (ids and their lines) that are no
  /// half of a move, by line.
  static func unpaired(in portfolio: Portfolio, added lines: [String: Int])
    -> [(line: Int, transaction: Transaction, coin: String)]
  {
    var found: [(line: Int, transaction: Transaction, coin: String)] = []
    for holding in portfolio.holdings {
      let moves = holding.moves
      let arrivals = Set(moves.values.map { holding.transactions[$0].id })
      for transaction in holding.transactions {
        // A transfer first (no hash of the id of a trade).
        let transfer =
          transaction.kind == .transferOut
          || (transaction.kind == .transferIn && !transaction.isIncome)
        guard transfer, let line = lines[transaction.id] else { continue }
        let paired =
          transaction.kind == .transferOut
          ? moves[transaction.id] != nil : arrivals.contains(transaction.id)
        if !paired { found.append((line, transaction, holding.id)) }
      }
    }
    return found.sorted { $0.line < $1.line }
  }
}
