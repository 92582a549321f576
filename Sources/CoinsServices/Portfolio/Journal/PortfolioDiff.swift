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
    let changedOld = old.holdings.indices.filter {
      newByCoin[old.holdings[$0].id]?.transactions != old.holdings[$0].transactions
    }
    let changedNew = new.holdings.indices.filter {
      oldByCoin[new.holdings[$0].id]?.transactions != new.holdings[$0].transactions
    }
    // Each transaction's place (holding, index), not the transaction: an import of 100,000
    // rows would otherwise hold a second copy of them all.
    let before = Self.places(of: old, changedOld)
    let after = Self.places(of: new, changedNew)
    func placed(_ place: Place, in portfolio: Portfolio) -> PlacedTransaction {
      let holding = portfolio.holdings[place.holding]
      return PlacedTransaction(
        coin: holding.id, index: place.index, transaction: holding.transactions[place.index])
    }
    // In file order, so that the journal reads as the file does.
    for holdingIndex in changedNew {
      for transaction in new.holdings[holdingIndex].transactions {
        guard let now = after[transaction.id].map({ placed($0, in: new) }) else { continue }
        let was = before[transaction.id].map { placed($0, in: old) }
        if let was {
          if was.coin != now.coin || was.transaction != now.transaction { replaced.append(was) }
        } else {
          added.append(transaction.id)
        }
        if let from = transaction.movedFrom, was?.transaction.movedFrom != from {
          referenced.append(from)
        }
      }
    }
    for holdingIndex in changedOld {
      for transaction in old.holdings[holdingIndex].transactions where after[transaction.id] == nil
      {
        if let was = before[transaction.id] { removed.append(placed(was, in: old)) }
      }
    }
    let oldRest = Self.rest(of: old)
    if oldRest != Self.rest(of: new) { previousRest = oldRest }
  }

  /// Where a transaction is: its holding's index and its own among the holding's.
  private typealias Place = (holding: Int, index: Int)

  /// The place of every transaction of `portfolio`'s holdings at `indices`, by id (the last of
  /// an id found twice).
  private static func places(of portfolio: Portfolio, _ indices: [Int]) -> [String: Place] {
    var places: [String: Place] = [:]
    places.reserveCapacity(indices.reduce(0) { $0 + portfolio.holdings[$1].transactions.count })
    for holdingIndex in indices {
      for (index, transaction) in portfolio.holdings[holdingIndex].transactions.enumerated() {
        places[transaction.id] = (holdingIndex, index)
      }
    }
    return places
  }

  /// The file's text for the portfolio without its holdings: everything a change may alter
  /// beside the transactions.
  static func rest(of portfolio: Portfolio) -> [UInt8] {
    var rest = portfolio
    rest.holdings = []
    return PortfolioCodec.bytes(of: rest)
  }
}
