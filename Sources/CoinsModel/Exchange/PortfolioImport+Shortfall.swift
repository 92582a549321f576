import FoundationEssentials

extension PortfolioImport {
  /// Adds, before each sale or transfer out of the holdings of `touched` that takes out more
  /// than its wallet holds at that point, a transfer in of the missing coins into that wallet
  /// at an unknown cost (an export that starts mid-history: they were held before it). One
  /// pass per holding, in the order the transactions count; the new transfer takes the next id.
  static func cover(
    _ portfolio: inout Portfolio, touched: Set<String>, lines: [String: Int]
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
      var held: [String: ExactDecimal] = [:]
      // The missing amount before each transaction (by index) that needs it.
      var missing: [Int: ExactDecimal] = [:]
      for position in holding.chronologicalIndices {
        let transaction = holding.transactions[position]
        let amount = ExactDecimal(transaction.amount)
        var balance = held[transaction.wallet, default: .zero]
        if transaction.kind.addsCoins {
          balance += amount
        } else {
          if amount > balance {
            missing[position] = amount - balance
            balance = amount
          }
          balance -= amount
        }
        held[transaction.wallet] = balance
      }
      guard !missing.isEmpty else { continue }
      var rebuilt: [Transaction] = []
      rebuilt.reserveCapacity(holding.transactions.count + missing.count)
      for (position, transaction) in holding.transactions.enumerated() {
        if let amount = missing[position] {
          // Same day, just before it in the file: it counts first.
          rebuilt.append(
            Transaction(
              id: String(nextID), kind: .transferIn, amount: amount.decimal,
              date: transaction.date, note: "held before the export (cost unknown)",
              wallet: transaction.wallet, costUnknown: true))
          nextID += 1
          covered.append(
            Shortfall(
              line: lines[transaction.id] ?? 0, coin: holding.id, amount: amount.decimal))
        }
        rebuilt.append(transaction)
      }
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
        guard let line = lines[transaction.id] else { continue }
        let paired =
          transaction.kind == .transferOut
          ? moves[transaction.id] != nil : arrivals.contains(transaction.id)
        let transfer =
          transaction.kind == .transferOut
          || (transaction.kind == .transferIn && !transaction.isIncome)
        if transfer && !paired { found.append((line, transaction, holding.id)) }
      }
    }
    return found.sorted { $0.line < $1.line }
  }
}
