import FoundationEssentials

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
  /// then in the order entered (ids are given in that order).
  public static func entries(
    of portfolio: Portfolio, coin: String? = nil, rates: CurrencyRates = CurrencyRates()
  ) -> [HistoryEntry] {
    var entries: [(entry: HistoryEntry, order: Int)] = []
    for holding in portfolio.holdings where coin == nil || holding.id == coin {
      var gains: [String: RealizedGain] = [:]
      let currencies = Set(holding.transactions.filter { $0.kind == .sell }.map(\.priceCurrency))
      for currency in currencies.sorted() {
        let ledger = LedgerBuilder.ledger(
          of: holding, in: currency, method: .fifo, rates: rates)
        for gain in ledger.realized {
          if holding.transactions.first(where: { $0.id == gain.transactionID })?.priceCurrency
            == currency
          {
            gains[gain.transactionID] = gain
          }
        }
      }
      for index in holding.chronologicalIndices {
        let transaction = holding.transactions[index]
        let entry = HistoryEntry(
          coin: holding.id, transaction: transaction,
          realized: transaction.kind == .sell ? gains[transaction.id] : nil)
        entries.append((entry, Int(transaction.id) ?? Int.max))
      }
    }
    return entries.enumerated()
      .sorted { lhs, rhs in
        let (left, right) = (lhs.element, rhs.element)
        if left.entry.transaction.day != right.entry.transaction.day {
          return left.entry.transaction.day < right.entry.transaction.day
        }
        if left.entry.coin == right.entry.coin { return lhs.offset < rhs.offset }
        return left.order == right.order ? lhs.offset < rhs.offset : left.order < right.order
      }
      .map(\.element.entry)
  }
}
