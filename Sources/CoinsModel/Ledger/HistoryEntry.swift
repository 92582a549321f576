#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transaction as `coins portfolio history` lists it: with its coin and, for a sale, the
/// profit or loss it realized in the sale's own currency (first in, first out; costs in other
/// currencies converted with the rates given, else unknown).
public struct HistoryEntry: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transaction.
  public var transaction: Transaction
  /// For a sale: what it realized, in ``Transaction/priceCurrency``; `nil` otherwise.
  public var realized: RealizedGain?

  /// Every transaction of the portfolio (or of one coin), in the order they count: by UTC day,
  /// then in the order entered (ids are given in that order); a long history's ledgers and
  /// entries made as `spread` runs them.
  public static func entries(
    of portfolio: Portfolio, coin: String? = nil, rates: CurrencyRates = CurrencyRates(),
    spread: any WorkSpread
  ) -> [HistoryEntry] {
    // What to list, as small keys (sorted, then made into entries once: a history of 100,000
    // transactions is sorted without moving 100,000 transactions about).
    var keys: [(day: Int, holding: Int, order: Int, index: Int, sale: Int?)] = []
    let shown = portfolio.holdings.map { coin == nil || $0.id == coin }
    // Each ledger lists a gain for every sale, in the order they count: a sale takes its gain
    // from the ledger in its own currency.
    let gains = spread.map(
      Array(zip(portfolio.holdings, shown)), weight: { $0.1 ? $0.0.transactions.count : 0 },
      threshold: LedgerBuilder.manyTransactions
    ) { holding, isShown -> [String: [RealizedGain]] in
      guard isShown else { return [:] }
      var ledgers: [String: [RealizedGain]] = [:]
      for currency in holding.saleCurrencies {
        ledgers[currency] =
          LedgerBuilder.ledger(
            of: holding, in: currency, method: .fifo, rates: rates, soldLots: false
          ).realized
      }
      return ledgers
    }
    for (place, holding) in portfolio.holdings.enumerated() where shown[place] {
      var sales = 0
      // Read in place: copying each transaction here would retain its strings 100,000 times.
      for index in holding.chronologicalIndices {
        var sale: Int?
        if holding.transactions[index].kind == .sell {
          sale = sales
          sales += 1
        }
        keys.append(
          (
            holding.transactions[index].day, place,
            Int(holding.transactions[index].id) ?? Int.max, index, sale
          ))
      }
    }
    let order = keys.indices.sorted { lhs, rhs in
      let (left, right) = (keys[lhs], keys[rhs])
      if left.day != right.day { return left.day < right.day }
      if left.holding == right.holding { return lhs < rhs }
      return left.order == right.order ? lhs < rhs : left.order < right.order
    }
    // Spread over the cores for a long history.
    let listed = keys
    return spread.map(order, weight: { _ in 1 }, threshold: LedgerBuilder.manyTransactions) {
      position in
      // The holding is not copied: on two cores, retaining the same arrays from both threads
      // for every entry costs more than the entry.
      let key = listed[position]
      let transaction = portfolio.holdings[key.holding].transactions[key.index]
      return HistoryEntry(
        coin: portfolio.holdings[key.holding].id, transaction: transaction,
        realized: key.sale.flatMap { gains[key.holding][transaction.priceCurrency]?[$0] })
    }
  }
}
