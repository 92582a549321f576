#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The user's holdings as stored in the portfolio file.
public struct Portfolio: Sendable, Equatable {
  /// The file format version `coins` writes (and the newest it reads).
  public static let formatVersion = 3

  /// The holdings, in the order they were first added.
  public var holdings: [Holding]
  /// The last balance an export stated of each coin and wallet, in the order first kept.
  public var statedBalances: [BalanceStatement]
  /// The transactions accepted as they are (`check --accept`), in the order accepted.
  public var accepted: [Acceptance] = []
  /// Top-level members of the file that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember]

  /// Creates a portfolio.
  public init(
    holdings: [Holding] = [], statedBalances: [BalanceStatement] = [], extra: [KeptMember] = []
  ) {
    self.holdings = holdings
    self.statedBalances = statedBalances
    self.extra = extra
  }

  /// The holding of the coin with this id.
  public func holding(id: String) -> Holding? {
    holdings.first { $0.id == id }
  }

  /// The transaction with this id and the coin it belongs to.
  public func transaction(id: String) -> (coin: String, transaction: Transaction)? {
    for holding in holdings {
      if let found = holding.transactions.first(where: { $0.id == id }) {
        return (holding.id, found)
      }
    }
    return nil
  }

  /// The id the next recorded transaction gets: one more than the largest numeric id.
  public var nextTransactionID: String {
    String(largestNumericID + 1)
  }

  /// The largest id that is a number, 0 when none is.
  private var largestNumericID: Int {
    var largest = 0
    for holding in holdings {
      for transaction in holding.transactions {
        if let number = Int(transaction.id), number > largest { largest = number }
      }
    }
    return largest
  }

  /// Gives every transaction without an id the next free one, in file order.
  public mutating func assignMissingIDs() {
    var next: Int?
    for holding in holdings.indices {
      for index in holdings[holding].transactions.indices
      where holdings[holding].transactions[index].id.isEmpty {
        let id = next ?? largestNumericID + 1
        holdings[holding].transactions[index].id = String(id)
        next = id + 1
      }
    }
  }

  /// Adds a lot to the coin's holding as a buy, creating the holding when it is new.
  public mutating func add(_ lot: Lot, to id: String) {
    append(lot.asBuy, to: id)
  }

  /// Records a transaction for the coin (giving it the next id when it has none) and returns
  /// it; refused, with nothing changed, when it would take out more than is held at its date.
  @discardableResult
  public mutating func record(_ transaction: Transaction, to id: String) throws(PortfolioError)
    -> Transaction
  {
    var recorded = transaction
    if recorded.id.isEmpty { recorded.id = nextTransactionID }
    var changed = self
    changed.append(recorded, to: id)
    if let holding = changed.holding(id: id), let (overdraw, held) = holding.firstOverdraw {
      guard holding.wallets == [Transaction.defaultWallet] else {
        throw .exceedsWallet(
          id: id, wallet: overdraw.wallet, held: held, asked: overdraw.amount,
          date: overdraw.date)
      }
      throw .exceedsHolding(id: id, held: held, asked: overdraw.amount, date: overdraw.date)
    }
    self = changed
    return recorded
  }

  /// Removes the transaction with this id and returns it with its coin; refused, with nothing
  /// changed, when the holding would go below 0 at any date. A holding left without
  /// transactions is removed.
  @discardableResult
  public mutating func undo(_ transactionID: String) throws(PortfolioError)
    -> (coin: String, transaction: Transaction)
  {
    guard let (coin, transaction) = transaction(id: transactionID),
      let index = holdings.firstIndex(where: { $0.id == coin })
    else { throw .noSuchTransaction(transactionID) }
    var holding = holdings[index]
    // Half of a move goes with its other half.
    let partner = holding.movePartner(of: transactionID)?.id
    holding.transactions.removeAll { $0.id == transactionID || $0.id == partner }
    if let (overdraw, held) = holding.firstOverdraw {
      throw .undoWouldOverdraw(
        transactionID: transactionID, coin: coin, held: held, asked: overdraw.amount,
        date: overdraw.date)
    }
    if holding.transactions.isEmpty {
      holdings.remove(at: index)
    } else {
      holdings[index] = holding
    }
    return (coin, transaction)
  }

  /// Corrects the holding as if `amount` had never been bought, taking it from the open lots
  /// newest first (what sales already took stays recorded, and a buy partly removed keeps its
  /// fee in proportion to what is left), or removes the whole holding with its history when
  /// `amount` is nil; returns the sales already made that this changed (``removal(_:of:)``).
  @discardableResult
  public mutating func remove(_ amount: Decimal?, of id: String) throws(PortfolioError)
    -> [ChangedSale]
  {
    let (left, changed) = try removal(amount, of: id)
    guard let index = holdings.firstIndex(where: { $0.id == id }) else { return changed }
    if let left, !left.transactions.isEmpty {
      holdings[index] = left
    } else {
      holdings.remove(at: index)
    }
    return changed
  }

  /// What ``remove(_:of:)`` would leave of the holding (`nil`: none of it) and the sales
  /// already made it would change or delete, by any method (``Holding/salesChanged(in:)``);
  /// nothing is changed.
  public func removal(_ amount: Decimal?, of id: String) throws(PortfolioError)
    -> (left: Holding?, changed: [ChangedSale])
  {
    guard let holding = holding(id: id) else { throw .notHeld(id) }
    guard let amount else { return (nil, holding.salesChanged(in: nil)) }
    let held = holding.amount
    guard amount <= held else { throw .removingMoreThanHeld(id: id, held: held, asked: amount) }
    var left = holding
    left.transactions = PortfolioCorrection.removing(amount, from: holding.transactions)
    return (left, holding.salesChanged(in: left))
  }

  private mutating func append(_ transaction: Transaction, to id: String) {
    if let index = holdings.firstIndex(where: { $0.id == id }) {
      holdings[index].transactions.append(transaction)
    } else {
      holdings.append(Holding(id: id, transactions: [transaction]))
    }
  }
}
