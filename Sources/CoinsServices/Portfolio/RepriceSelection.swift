import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which transactions `coins portfolio reprice` values, and how a found price is written: a
/// price the user or an export gave is never changed; only a transaction whose price is
/// unknown is valued, at the open of its UTC day.
package enum RepriceSelection {
  /// A transaction to value: its coin, id, day and the currency its price is to be in.
  package struct Candidate: Equatable, Sendable {
    /// The coin's CoinGecko id.
    package var coin: String
    /// The transaction.
    package var transaction: Transaction
    /// The currency of the price: the transaction's own (its fee's), else `usd`.
    package var currency: String { transaction.priceCurrency }

    /// Each member as given.
    package init(coin: String, transaction: Transaction) {
      self.coin = coin
      self.transaction = transaction
    }
  }

  /// A transaction named that is left as it is, and why.
  package struct Left: Equatable, Sendable {
    /// The coin's CoinGecko id.
    package var coin: String
    /// The transaction.
    package var transaction: Transaction
    /// `has a price (given by you or the export); left as it is`.
    package var reason: String
  }

  /// The transactions to value: those of `ids` (every one with an unknown price when `nil`), in
  /// the order of their dates. A deposit from outside of unknown cost is valued only when named
  /// (its cost is what the coins cost before they came, not the day's price); one with a price,
  /// a transfer out and a transaction without a date are left, each with its reason. An id no
  /// transaction has is an error.
  package static func select(in portfolio: Portfolio, ids: [String]?) throws(PortfolioError)
    -> (candidates: [Candidate], left: [Left])
  {
    var found: [(coin: String, transaction: Transaction)] = []
    if let ids {
      for id in ids {
        guard let hit = portfolio.transaction(id: id) else {
          throw .noSuchTransaction(id)
        }
        if !found.contains(where: { $0.transaction.id == id }) { found.append(hit) }
      }
    } else {
      for holding in portfolio.holdings {
        for transaction in holding.transactions where transaction.price == nil {
          found.append((holding.id, transaction))
        }
      }
    }
    var candidates: [Candidate] = []
    var left: [Left] = []
    for (coin, transaction) in found {
      guard let reason = reasonToLeave(transaction, named: ids != nil) else {
        candidates.append(Candidate(coin: coin, transaction: transaction))
        continue
      }
      // Without ids, what never needed a price (a transfer out, a transfer in recorded at a
      // cost of 0) is not worth a line: only what has an unknown price is listed.
      let needsOne =
        transaction.kind != .transferOut
        && !(transaction.kind == .transferIn && transaction.hasKnownCost)
      if ids != nil || needsOne {
        left.append(Left(coin: coin, transaction: transaction, reason: reason))
      }
    }
    candidates.sort { isEarlier($0.transaction, than: $1.transaction) }
    left.sort { isEarlier($0.transaction, than: $1.transaction) }
    return (candidates, left)
  }

  /// Whether `a` comes before `b`: by date (undated first), then by id.
  package static func isEarlier(_ a: Transaction, than b: Transaction) -> Bool {
    (a.date ?? .distantPast, Int(a.id) ?? 0) < (b.date ?? .distantPast, Int(b.id) ?? 0)
  }

  /// Why `transaction` is not valued, or `nil` when it is; `named`: the user named it.
  private static func reasonToLeave(_ transaction: Transaction, named: Bool) -> String? {
    if transaction.price != nil { return "has a price (given by you or the export); left as it is" }
    switch transaction.kind {
    case .transferOut: return "a transfer out needs no price"
    case .transferIn where !transaction.isIncome && !transaction.costUnknown:
      return "a transfer in recorded at a cost of 0; give one with coins portfolio edit"
    case .transferIn where !transaction.isIncome && !named:
      return
        "a deposit from outside: its cost is what the coins cost before they came; link the "
        + "move, or name it with --transactions to value it at the day's open"
    default: break
    }
    if transaction.date == nil { return "no date to price it on" }
    return nil
  }

  /// Writes `price` (in `currency`, from `source`) into the transaction `id` of `coin` where its
  /// price is still unknown; `false` when it is not (changed since it was read).
  @discardableResult
  package static func apply(
    price: Decimal, currency: String, source: String, to id: String, of coin: String,
    in portfolio: inout Portfolio
  ) -> Bool {
    guard let holding = portfolio.holdings.firstIndex(where: { $0.id == coin }),
      let index = portfolio.holdings[holding].transactions.firstIndex(where: { $0.id == id }),
      portfolio.holdings[holding].transactions[index].price == nil
    else { return false }
    portfolio.holdings[holding].transactions[index].price = price
    portfolio.holdings[holding].transactions[index].currency = currency.lowercased()
    portfolio.holdings[holding].transactions[index].priceSource = source
    portfolio.holdings[holding].transactions[index].costUnknown = false
    return true
  }
}
