#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything recorded of one coin, as transactions, identified by its CoinGecko id (never its
/// symbol).
public struct Holding: Sendable, Equatable {
  /// The CoinGecko id, e.g. `bitcoin`.
  public var id: String
  /// The transactions in the order they were entered.
  public var transactions: [Transaction]
  /// Members of the holding's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember]

  /// Creates a holding.
  public init(id: String, transactions: [Transaction], extra: [KeptMember] = []) {
    self.id = id
    self.transactions = transactions
    self.extra = extra
  }

  /// A holding of version-1 lots, each read as a buy.
  public init(id: String, lots: [Lot], extra: [KeptMember] = []) {
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
    let days = transactions.map { $0.day }
    // Usually entered in date order already: then no sort.
    if zip(days, days.dropFirst()).allSatisfy({ $0 <= $1 }) { return Array(days.indices) }
    return days.indices.sorted { lhs, rhs in
      days[lhs] == days[rhs] ? lhs < rhs : days[lhs] < days[rhs]
    }
  }

  /// The transactions in the order they count (see ``chronologicalIndices``).
  public var chronological: [Transaction] { chronologicalIndices.map { transactions[$0] } }

  /// The first transaction, in ``chronological`` order, that takes out more than its wallet
  /// holds at that point, with the amount held there just before it; `nil` when no wallet's
  /// balance goes below 0. What a change may not do.
  public var firstOverdraw: (transaction: Transaction, held: Decimal)? {
    // Usually one wallet: the holding's balance is the wallet's.
    let wallet = transactions.first?.wallet
    return firstOverdraw(byWallet: !transactions.allSatisfy { $0.wallet == wallet })
  }

  /// As ``firstOverdraw``, or — not `byWallet` — the first that takes out more than the
  /// whole holding has then, in whichever wallets (what a file read must not hold: one edited
  /// by hand may have its wallets wrong and still be read).
  public func firstOverdraw(byWallet: Bool) -> (transaction: Transaction, held: Decimal)? {
    var held = ExactDecimal.zero
    var balances: [String: ExactDecimal] = [:]
    // Each transaction read in place: copying it would retain its strings (every file read
    // checks its 100,000 transactions here).
    for index in chronologicalIndices {
      let amount = ExactDecimal(transactions[index].amount)
      var balance = byWallet ? balances[transactions[index].wallet, default: .zero] : held
      if transactions[index].kind.addsCoins {
        balance += amount
      } else {
        if amount > balance { return (transactions[index], balance.decimal) }
        balance -= amount
      }
      if byWallet { balances[transactions[index].wallet] = balance } else { held = balance }
    }
    return nil
  }

  /// What is left of each buy and transfer in after the sells and transfers out took from the
  /// oldest first (FIFO): entry indices into ``transactions`` and amounts left, oldest first.
  /// A move between wallets carries its coins' lots along (only the network's fee leaves);
  /// with `wallet`, the lots of that wallet, which its own sells and moves took from.
  public func openPositions(in wallet: String? = nil) -> [(index: Int, left: Decimal)] {
    let moves = moves
    guard moves.isEmpty, wallet == nil else { return movedPositions(moves, in: wallet) }
    var open: [(index: Int, left: ExactDecimal)] = []
    // The oldest position still open (those before it are used up).
    var oldest = 0
    for index in chronologicalIndices {
      let amount = ExactDecimal(transactions[index].amount)
      if transactions[index].kind.addsCoins {
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

  /// ``openPositions(in:)`` when lots move between wallets: FIFO queues (one, or one per wallet
  /// for `wallet`), each lot named by its entry index.
  private func movedPositions(_ moves: [String: Int], in wallet: String?)
    -> [(index: Int, left: Decimal)]
  {
    let arrivals = Set(moves.values)
    var queues: [String: LotQueue] = [:]
    func pool(_ transaction: Transaction) -> String { wallet == nil ? "" : transaction.wallet }
    for (sequence, index) in chronologicalIndices.enumerated() {
      let transaction = transactions[index]
      let amount = ExactDecimal(transaction.amount)
      if transaction.kind.addsCoins {
        guard !arrivals.contains(index) else { continue }
        queues[pool(transaction), default: LotQueue(method: .fifo)].add(
          id: String(index), acquired: transaction.date, amount: amount, cost: nil,
          sequence: sequence)
        continue
      }
      var leaving = amount
      if let arrival = moves[transaction.id].map({ transactions[$0] }) {
        let arrived = ExactDecimal(arrival.amount)
        leaving = amount - arrived
        // In one pool the move changes nothing but the fee.
        if pool(transaction) != pool(arrival) {
          for part in queues[pool(transaction), default: LotQueue(method: .fifo)].take(arrived) {
            queues[pool(arrival), default: LotQueue(method: .fifo)].receive(part)
          }
        }
      }
      _ = queues[pool(transaction), default: LotQueue(method: .fifo)].take(leaving)
    }
    let lots = queues[wallet ?? ""]?.held ?? []
    return lots.compactMap { lot in Int(lot.transactionID).map { ($0, lot.amount.decimal) } }
  }

  /// The lots still open, oldest first (see ``openPositions``); a transfer in without a price
  /// costs 0 (unless its cost is unknown).
  public var lots: [Lot] { lots(in: nil) }

  /// The lots still open in `wallet` (every wallet's when `nil`), oldest first.
  public func lots(in wallet: String?) -> [Lot] {
    openPositions(in: wallet).map { index, left in
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
