import FoundationEssentials

/// Everything recorded of one coin, as transactions, identified by its CoinGecko id (never its
/// symbol).
public struct Holding: Sendable, Equatable {
  /// The CoinGecko id, e.g. `bitcoin`.
  public var id: String
  /// The transactions in the order they were entered.
  public var transactions: [Transaction]
  /// Members of the holding's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [JSONMember]

  /// Creates a holding.
  public init(id: String, transactions: [Transaction], extra: [JSONMember] = []) {
    self.id = id
    self.transactions = transactions
    self.extra = extra
  }

  /// A holding of version-1 lots, each read as a buy.
  public init(id: String, lots: [Lot], extra: [JSONMember] = []) {
    self.init(id: id, transactions: lots.map(\.asBuy), extra: extra)
  }

  /// The amount held now: buys and transfers in minus sells and transfers out.
  public var amount: Decimal {
    transactions.reduce(ExactDecimal.zero) { held, transaction in
      transaction.kind.addsCoins
        ? held + ExactDecimal(transaction.amount) : held - ExactDecimal(transaction.amount)
    }.decimal
  }

  /// The entry indices of ``transactions`` in the order they count: by UTC day, and within a
  /// day in the order they were entered (undated ones first).
  public var chronologicalIndices: [Int] {
    let days = transactions.map(\.day)
    // Usually entered in date order already: then no sort.
    if zip(days, days.dropFirst()).allSatisfy({ $0 <= $1 }) { return Array(days.indices) }
    return days.indices.sorted { lhs, rhs in
      days[lhs] == days[rhs] ? lhs < rhs : days[lhs] < days[rhs]
    }
  }

  /// The transactions in the order they count (see ``chronologicalIndices``).
  public var chronological: [Transaction] { chronologicalIndices.map { transactions[$0] } }

  /// The first transaction, in ``chronological`` order, that takes out more than is held at
  /// that point, with the amount held just before it; `nil` when the balance never goes below 0.
  public var firstOverdraw: (transaction: Transaction, held: Decimal)? {
    var held = ExactDecimal.zero
    for index in chronologicalIndices {
      let transaction = transactions[index]
      let amount = ExactDecimal(transaction.amount)
      if transaction.kind.addsCoins {
        held += amount
      } else {
        if amount > held { return (transaction, held.decimal) }
        held -= amount
      }
    }
    return nil
  }

  /// What is left of each buy and transfer in after the sells and transfers out took from the
  /// oldest first (FIFO): entry indices into ``transactions`` and amounts left, oldest first.
  public var openPositions: [(index: Int, left: Decimal)] {
    var open: [(index: Int, left: ExactDecimal)] = []
    // The oldest position still open (those before it are used up).
    var oldest = 0
    for index in chronologicalIndices {
      let transaction = transactions[index]
      let amount = ExactDecimal(transaction.amount)
      if transaction.kind.addsCoins {
        open.append((index, amount))
        continue
      }
      var remaining = amount
      while remaining > .zero, oldest < open.count {
        let take = min(remaining, open[oldest].left)
        open[oldest].left -= take
        remaining -= take
        if open[oldest].left.isZero { oldest += 1 }
      }
    }
    return open[oldest...].map { ($0.index, $0.left.decimal) }
  }

  /// The lots still open, oldest first (see ``openPositions``); a transfer in without a price
  /// costs 0 (unless its cost is unknown).
  public var lots: [Lot] {
    openPositions.map { index, left in
      let transaction = transactions[index]
      let cost =
        transaction.kind == .transferIn && !transaction.costUnknown
        ? (transaction.price ?? 0) : transaction.price
      return Lot(
        amount: left, cost: cost, costCurrency: transaction.currency, date: transaction.date,
        extra: transaction.extra)
    }
  }
}
