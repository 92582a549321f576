import FoundationEssentials

extension PortfolioImport {
  /// Adds, before each sale or transfer out of the holdings of `touched` that takes out more
  /// than is held at that point, a transfer in of the missing coins at an unknown cost (an
  /// export that starts mid-history: they were held before it). One pass per holding, in the
  /// order the transactions count; the new transfer takes the next id.
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
      var held = ExactDecimal.zero
      // The missing amount before each transaction (by index) that needs it.
      var missing: [Int: ExactDecimal] = [:]
      for position in holding.chronologicalIndices {
        let transaction = holding.transactions[position]
        let amount = ExactDecimal(transaction.amount)
        if transaction.kind.addsCoins {
          held += amount
        } else {
          if amount > held {
            missing[position] = amount - held
            held = amount
          }
          held -= amount
        }
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
}
