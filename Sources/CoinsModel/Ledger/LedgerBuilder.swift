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

  private struct State {
    let method: CostBasisMethod
    let currency: String
    let rates: CurrencyRates
    var lots: LotQueue
    var realized: [RealizedGain] = []
    var fees = Decimal(0)
    var atTodaysRate = false
    var missingRates = Set<String>()

    init(method: CostBasisMethod, currency: String, rates: CurrencyRates) {
      (self.method, self.currency, self.rates) = (method, currency, rates)
      lots = LotQueue(method: method)
    }

    mutating func apply(_ transaction: Transaction, coin: String) {
      // No fee costs 0; a fee whose currency cannot be converted is unknown.
      let fee: Decimal? =
        transaction.fee.map { convert($0, transaction.feeCurrencyOrDefault, transaction.date) } ?? 0
      fees += fee ?? 0
      // amount × price converted: `nil` without a price or a rate.
      let gross = transaction.price.flatMap {
        convert(transaction.amount * $0, transaction.priceCurrency, transaction.date)
      }
      switch transaction.kind {
      case .buy:
        add(transaction, cost: sum(gross, fee))
      case .transferIn:
        let value = transaction.price == nil ? 0 : gross
        add(transaction, cost: sum(value, fee))
      case .sell:
        let parts = lots.take(transaction.amount)
        let basis = parts.reduce(Decimal(0) as Decimal?) { sum($0, $1.cost) }
        let proceeds = sum(gross, fee.map { -$0 })
        realized.append(
          RealizedGain(
            transactionID: transaction.id, coin: coin, date: transaction.date,
            amount: transaction.amount, proceeds: proceeds, costBasis: basis, fee: fee ?? 0,
            lots: method.hasLots ? soldLots(parts, of: transaction.amount, for: proceeds) : []))
      case .transferOut:
        _ = lots.take(transaction.amount)
      }
    }

    mutating func add(_ transaction: Transaction, cost: Decimal?) {
      lots.add(
        id: transaction.id, acquired: transaction.date, amount: transaction.amount, cost: cost)
    }

    /// The parts a sale of `amount` took, each with its share of `proceeds` by amount; the
    /// last part gets what is left, so the shares add up to the proceeds exactly.
    func soldLots(_ parts: [LotQueue.Taken], of amount: Decimal, for proceeds: Decimal?)
      -> [SoldLot]
    {
      var left = proceeds
      return parts.enumerated().map { index, part in
        let share =
          index == parts.count - 1 ? left : proceeds.map { $0 * part.amount / amount }
        left = sum(left, share.map { -$0 })
        return SoldLot(
          acquiredID: part.lot.transactionID, acquired: part.lot.acquired, amount: part.amount,
          proceeds: share, costBasis: part.cost)
      }
    }

    /// Both added, or `nil` when either is unknown.
    func sum(_ lhs: Decimal?, _ rhs: Decimal?) -> Decimal? {
      guard let lhs, let rhs else { return nil }
      return lhs + rhs
    }

    /// `value` in `currency` converted, noting today's rate or a missing one.
    mutating func convert(_ value: Decimal, _ source: String, _ date: Date?) -> Decimal? {
      guard let conversion = rates.convert(value, from: source, to: currency, on: date) else {
        missingRates.insert(source.lowercased())
        return nil
      }
      if conversion.atTodaysRate { atTodaysRate = true }
      return conversion.value
    }

    func result(coin: String) -> HoldingLedger {
      let held = lots.held
      let costed = held.filter { $0.cost != nil }
      return HoldingLedger(
        coin: coin, currency: currency, method: method,
        amount: held.reduce(Decimal(0)) { $0 + $1.amount },
        costedAmount: costed.reduce(Decimal(0)) { $0 + $1.amount },
        costBasis: costed.reduce(Decimal(0)) { $0 + ($1.cost ?? 0) }, realized: realized,
        fees: fees, convertedAtTodaysRate: atTodaysRate, missingRates: missingRates)
    }
  }
}
