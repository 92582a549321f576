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
    // Each transaction's members are read where it is, never copied whole (a copy retains
    // and lets go of each of its strings: 200,000 of them took a twentieth of an import).
    for holding in portfolio.holdings {
      for position in holding.transactions.indices {
        nextID = max(nextID, (Int(holding.transactions[position].id) ?? 0) + 1)
      }
    }
    for index in portfolio.holdings.indices where touched.contains(portfolio.holdings[index].id) {
      let (earlier, missing) = shortfalls(of: portfolio.holdings[index])
      guard !missing.isEmpty || !earlier.isEmpty else { continue }
      // The cover before each take-out that needs one, in the file's order: an earlier
      // import's (same wallet, day and amount), else a new one of the next id.
      var covers: [Int: Transaction] = [:]
      var kept = Set<Int>()
      for position in missing.keys.sorted() {
        let amount = missing[position] ?? .zero
        let transactions = portfolio.holdings[index].transactions
        let (wallet, date) = (transactions[position].wallet, transactions[position].date)
        if let same = earlier.first(where: { place in
          !kept.contains(place) && transactions[place].wallet == wallet
            && transactions[place].date == date
            && ExactDecimal(transactions[place].amount) == amount
        }) {
          kept.insert(same)
          covers[position] = transactions[same]
        } else {
          covers[position] = Transaction(
            id: String(nextID), kind: .transferIn, amount: amount.decimal, date: date,
            note: heldBeforeNote, wallet: wallet, costUnknown: true)
          nextID += 1
          covered.append(
            Shortfall(
              line: lines[transactions[position].id] ?? 0, coin: portfolio.holdings[index].id,
              amount: amount.decimal))
        }
      }
      removed += earlier.count - kept.count
      // Rebuilt from the last transaction back, each moved out of the holding (a copy, or
      // turning a list around, retained and let go of each one's strings), its cover just
      // before it, so that it counts first.
      var pending: [Transaction] = []
      swap(&pending, &portfolio.holdings[index].transactions)
      let total = pending.count - earlier.count + covers.count
      portfolio.holdings[index].transactions = Array(unsafeUninitializedCapacity: total) {
        slots, count in
        var (slot, position) = (total, pending.count)
        while let transaction = pending.popLast() {
          position -= 1
          if earlier.contains(position) { continue }
          slot -= 1
          slots.initializeElement(at: slot, to: transaction)
          if let cover = covers[position] {
            slot -= 1
            slots.initializeElement(at: slot, to: cover)
          }
        }
        count = total
      }
    }
    return covered.sorted { $0.line < $1.line }
  }

  /// The stand-ins an earlier import added to `holding` (by position), and the coins missing
  /// before each take-out (by position) that takes out more than its wallet holds then, the
  /// transactions counted in order without those stand-ins.
  private static func shortfalls(
    of holding: Holding
  ) -> (earlier: [Int], missing: [Int: ExactDecimal]) {
    let transactions = holding.transactions
    // Only a transfer in of unknown cost is looked at whole (a copy of each one was a tenth
    // of working out the stand-ins).
    let earlier = transactions.indices.filter {
      transactions[$0].costUnknown && isHeldBefore(transactions[$0])
    }
    // What each wallet holds; the wallet of the transaction before, and its balance, kept
    // apart (an export is of one wallet: no hash of its name a transaction).
    var held: [String: ExactDecimal] = [:]
    var (wallet, balance) = (String?.none, ExactDecimal.zero)
    var missing: [Int: ExactDecimal] = [:]
    for position in holding.chronologicalIndices where !earlier.contains(position) {
      let amount = ExactDecimal(transactions[position].amount)
      if transactions[position].wallet != wallet {
        if let wallet { held[wallet] = balance }
        wallet = transactions[position].wallet
        balance = held[transactions[position].wallet, default: .zero]
      }
      if transactions[position].kind.addsCoins {
        balance += amount
      } else {
        if amount > balance {
          missing[position] = amount - balance
          balance = amount
        }
        balance -= amount
      }
    }
    return (earlier, missing)
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
      // Each transaction looked at where it is: only a transfer is copied.
      let transactions = holding.transactions
      for position in transactions.indices {
        // A transfer first (no hash of the id of a trade).
        let kind = transactions[position].kind
        let transfer =
          kind == .transferOut || (kind == .transferIn && !transactions[position].isIncome)
        guard transfer, let line = lines[transactions[position].id] else { continue }
        let paired =
          kind == .transferOut
          ? moves[transactions[position].id] != nil : arrivals.contains(transactions[position].id)
        if !paired { found.append((line, transactions[position], holding.id)) }
      }
    }
    return found.sorted { $0.line < $1.line }
  }
}
