#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaxEvent {
  /// The events of `holding`, in the order its transactions count, in `currency` (converted at
  /// the rate of each transaction's day by `rates`) on the local days of `zone`; `missing`
  /// collects the currencies no rate was known for. With `provenance`, each disposal says how
  /// its figures were had (``TaxEvent/provenance``): only a report that shows it needs it.
  package static func events(
    of holding: Holding, in currency: String, rates: CurrencyRates, zone: TaxZone,
    missing: inout Set<String>, provenance: Bool = false
  ) -> [TaxEvent] {
    let currency = currency.lowercased()
    let moves = holding.moves
    let arrivals = Set(moves.values.map { holding.transactions[$0].id })
    // Whether the transaction at hand had a figure converted at today's rate.
    var todays = false
    func convert(_ value: ExactDecimal, _ source: String, _ date: Date?) -> ExactDecimal? {
      // The file's codes are lower case, as `currency` is: then no lower-cased copy is made.
      if source == currency || source.lowercased() == currency { return value }
      guard let converted = rates.convert(value.decimal, from: source, to: currency, on: date)
      else {
        missing.insert(source.lowercased())
        return nil
      }
      if converted.atTodaysRate { todays = true }
      return ExactDecimal(converted.value)
    }
    var events: [TaxEvent] = []
    events.reserveCapacity(holding.transactions.count)
    // By index: no array of copies of every transaction made first.
    for index in holding.chronologicalIndices {
      let transaction = holding.transactions[index]
      let amount = ExactDecimal(transaction.amount)
      todays = false
      var kind: Kind
      var moved = amount
      switch transaction.kind {
      case .buy: kind = .acquisition
      case .sell: kind = .disposal
      case .transferIn:
        guard !arrivals.contains(transaction.id) else { continue }
        kind = .acquisition
      case .transferOut:
        kind = .removal
        if let arrival = moves[transaction.id] {
          // A move: only what did not arrive leaves.
          moved = amount - ExactDecimal(holding.transactions[arrival].amount)
          guard moved > .zero else { continue }
        }
      }
      let value: ExactDecimal? =
        if let price = transaction.price {
          convert(moved * ExactDecimal(price), transaction.priceCurrency, transaction.date)
        } else if transaction.kind == .transferIn && !transaction.costUnknown {
          .zero
        } else {
          nil
        }
      let fee =
        transaction.fee.map {
          // A zero fee needs no currency: it costs 0 whether or not a rate reaches it.
          $0 == 0
            ? .zero : convert(ExactDecimal($0), transaction.feeCurrencyOrDefault, transaction.date)
        } ?? .zero
      events.append(
        TaxEvent(
          transactionID: transaction.id, coin: holding.id, kind: kind, date: transaction.date,
          day: transaction.date.map(zone.day(of:)) ?? Int.min, amount: moved, value: value,
          fee: fee, isIncome: transaction.isIncome, wallet: transaction.wallet,
          atTodaysRate: todays,
          provenance: provenance && kind == .disposal
            ? rates.provenance(of: transaction, in: currency, fee: true) : nil))
    }
    return events
  }
}
