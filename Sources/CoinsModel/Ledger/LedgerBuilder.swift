import FoundationEssentials

/// Works a holding's transactions through, oldest first, into a ``HoldingLedger`` in one
/// currency.
///
/// - A buy's cost is amount × price plus its fee; a transfer in costs amount × price when a
///   price was given, else 0 (plus any fee).
/// - A sell's proceeds are amount × price minus its fee; its cost basis is taken from the lots
///   in the method's order (``CostBasisMethod``, ``LotQueue``) or at the average cost of
///   everything held, and its gain is proceeds minus cost basis. Each lot taken is recorded
///   with its share of the proceeds (by amount) and of the lot's cost.
/// - A transfer out takes coins at their cost, in the same order, but realizes nothing.
/// - Each figure is converted from its transaction's currency at the rate of its day
///   (``CurrencyRates``). A buy without a price (a version-1 lot added without `--cost`) has an
///   unknown cost: the coins count as held but not as costed, and a sale that takes from them
///   has an unknown gain.
public enum LedgerBuilder {
  /// The ledger of `holding` in `currency` by `method`, converting with `rates`.
  public static func ledger(
    of holding: Holding, in currency: String, method: CostBasisMethod,
    rates: CurrencyRates = CurrencyRates()
  ) -> HoldingLedger {
    var state = State(method: method, currency: currency.lowercased(), rates: rates)
    for index in holding.chronologicalIndices {
      state.apply(holding.transactions[index], coin: holding.id)
    }
    return state.result(coin: holding.id)
  }

  /// The ledger's arithmetic is ``ExactDecimal``'s: `Decimal`'s own is ten to a hundred times
  /// slower, and a history of 100,000 transactions is worked through on every `value`.
  private struct State {
    let method: CostBasisMethod
    let currency: String
    let rates: CurrencyRates
    var lots: LotQueue
    var realized: [RealizedGain] = []
    var fees = ExactDecimal.zero
    var atTodaysRate = false
    var missingRates = Set<String>()

    init(method: CostBasisMethod, currency: String, rates: CurrencyRates) {
      (self.method, self.currency, self.rates) = (method, currency, rates)
      lots = LotQueue(method: method)
    }

    mutating func apply(_ transaction: Transaction, coin: String) {
      let amount = ExactDecimal(transaction.amount)
      // No fee costs 0; a fee whose currency cannot be converted is unknown.
      let fee: ExactDecimal? =
        transaction.fee.map {
          convert(ExactDecimal($0), transaction.feeCurrencyOrDefault, transaction.date)
        } ?? .zero
      fees += fee ?? .zero
      // amount × price converted: `nil` without a price or a rate.
      let gross = transaction.price.flatMap {
        convert(amount * ExactDecimal($0), transaction.priceCurrency, transaction.date)
      }
      switch transaction.kind {
      case .buy:
        add(transaction, amount, cost: sum(gross, fee))
      case .transferIn:
        let value = transaction.price == nil ? .zero : gross
        add(transaction, amount, cost: sum(value, fee))
      case .sell:
        let parts = lots.take(amount)
        let basis = parts.reduce(ExactDecimal.zero as ExactDecimal?) { sum($0, $1.cost) }
        let proceeds = sum(gross, fee.map { -$0 })
        realized.append(
          RealizedGain(
            transactionID: transaction.id, coin: coin, date: transaction.date,
            amount: transaction.amount, proceeds: proceeds?.decimal, costBasis: basis?.decimal,
            fee: (fee ?? .zero).decimal,
            lots: method.hasLots ? soldLots(parts, of: amount, for: proceeds) : []))
      case .transferOut:
        _ = lots.take(amount)
      }
    }

    mutating func add(_ transaction: Transaction, _ amount: ExactDecimal, cost: ExactDecimal?) {
      lots.add(id: transaction.id, acquired: transaction.date, amount: amount, cost: cost)
    }

    /// The parts a sale of `amount` took, each with its share of `proceeds` by amount; the
    /// last part gets what is left, so the shares add up to the proceeds.
    func soldLots(_ parts: [LotQueue.Taken], of amount: ExactDecimal, for proceeds: ExactDecimal?)
      -> [SoldLot]
    {
      var left = proceeds
      return parts.enumerated().map { index, part in
        let share =
          index == parts.count - 1
          ? left : proceeds.map { ($0 * part.amount).divided(by: amount) ?? .zero }
        left = sum(left, share.map { -$0 })
        return SoldLot(
          acquiredID: part.lot.transactionID, acquired: part.lot.acquired,
          amount: part.amount.decimal, proceeds: share?.decimal, costBasis: part.cost?.decimal)
      }
    }

    /// Both added, or `nil` when either is unknown.
    func sum(_ lhs: ExactDecimal?, _ rhs: ExactDecimal?) -> ExactDecimal? {
      guard let lhs, let rhs else { return nil }
      return lhs + rhs
    }

    /// `value` in `currency` converted, noting today's rate or a missing one.
    mutating func convert(_ value: ExactDecimal, _ source: String, _ date: Date?)
      -> ExactDecimal?
    {
      // The file's currency codes are lower case, as `currency` is.
      if source == currency { return value }
      guard let conversion = rates.convert(value.decimal, from: source, to: currency, on: date)
      else {
        missingRates.insert(source.lowercased())
        return nil
      }
      if conversion.atTodaysRate { atTodaysRate = true }
      return ExactDecimal(conversion.value)
    }

    func result(coin: String) -> HoldingLedger {
      let held = lots.held
      let costed = held.filter { $0.cost != nil }
      return HoldingLedger(
        coin: coin, currency: currency, method: method,
        amount: held.reduce(ExactDecimal.zero) { $0 + $1.amount }.decimal,
        costedAmount: costed.reduce(ExactDecimal.zero) { $0 + $1.amount }.decimal,
        costBasis: costed.reduce(ExactDecimal.zero) { $0 + ($1.cost ?? .zero) }.decimal,
        realized: realized, fees: fees.decimal, convertedAtTodaysRate: atTodaysRate,
        missingRates: missingRates)
    }
  }
}
