import CoinsModel

/// What a change did to the portfolio's transactions, by id: which it added, removed and
/// replaced, and whether the rest of the file (beside the transactions) changed. Holdings whose
/// transactions are the very same array before and after are skipped at once, so a change to one
/// coin of a large portfolio costs that coin's transactions.
struct PortfolioDiff {
  var added: [String] = []
  var removed: [PlacedTransaction] = []
  var replaced: [PlacedTransaction] = []
  /// Ids the added and replaced transactions refer to (``Transaction/movedFrom``).
  var referenced: [String] = []
  /// The rest of the file before, when it changed.
  var previousRest: [UInt8]?

  init(from old: Portfolio, to new: Portfolio) {
    let oldByCoin = Dictionary(old.holdings.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newByCoin = Dictionary(new.holdings.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var before: [String: PlacedTransaction] = [:]
    var after: [String: PlacedTransaction] = [:]
    for holding in old.holdings where newByCoin[holding.id]?.transactions != holding.transactions {
      for (index, transaction) in holding.transactions.enumerated() {
        before[transaction.id] = PlacedTransaction(
          coin: holding.id, index: index, transaction: transaction)
      }
    }
    for holding in new.holdings where oldByCoin[holding.id]?.transactions != holding.transactions {
      for (index, transaction) in holding.transactions.enumerated() {
        after[transaction.id] = PlacedTransaction(
          coin: holding.id, index: index, transaction: transaction)
      }
    }
    // In file order, so that the journal reads as the file does.
    for holding in new.holdings where oldByCoin[holding.id]?.transactions != holding.transactions {
      for transaction in holding.transactions {
        guard let now = after[transaction.id] else { continue }
        if let was = before[transaction.id] {
          if was.coin != now.coin || was.transaction != now.transaction { replaced.append(was) }
        } else {
          added.append(transaction.id)
        }
        if let from = transaction.movedFrom,
          before[transaction.id]?.transaction.movedFrom != from
        {
          referenced.append(from)
        }
      }
    }
    for holding in old.holdings where newByCoin[holding.id]?.transactions != holding.transactions {
      for transaction in holding.transactions where after[transaction.id] == nil {
        if let was = before[transaction.id] { removed.append(was) }
      }
    }
    let oldRest = Self.rest(of: old)
    if oldRest != Self.rest(of: new) { previousRest = oldRest }
  }

  /// The file's text for the portfolio without its holdings: everything a change may alter
  /// beside the transactions.
  static func rest(of portfolio: Portfolio) -> [UInt8] {
    var rest = portfolio
    rest.holdings = []
    return PortfolioCodec.bytes(of: rest)
  }
}
