import FoundationEssentials

/// Works a holding's transactions through, oldest first, into a ``HoldingLedger`` in one
/// currency.
///
/// - A buy's cost is amount × price plus its fee; a transfer in costs amount × price when a
///   price was given, else 0 (plus any fee).
/// - A sell's proceeds are amount × price minus its fee; its cost basis is taken from the
///   oldest lots first (FIFO) or at the average cost of everything held (average), and its
///   gain is proceeds minus cost basis.
/// - A transfer out takes coins at their cost, like a sell, but realizes nothing.
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
    for transaction in holding.chronological { state.apply(transaction, coin: holding.id) }
    return state.result(coin: holding.id)
  }

  /// Coins held at one cost: a lot (FIFO) or the whole pool (average).
  private struct Position {
    var amount: Decimal
    /// `nil` when unknown.
    var cost: Decimal?
  }

  private struct State {
    let method: CostBasisMethod
    let currency: String
    let rates: CurrencyRates
    var positions: [Position] = []
    var realized: [RealizedGain] = []
    var fees = Decimal(0)
    var atTodaysRate = false
    var missingRates = Set<String>()

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
        add(transaction.amount, cost: sum(gross, fee))
      case .transferIn:
        let value = transaction.price == nil ? 0 : gross
        add(transaction.amount, cost: sum(value, fee))
      case .sell:
        let basis = take(transaction.amount)
        let proceeds = sum(gross, fee.map { -$0 })
        realized.append(
          RealizedGain(
            transactionID: transaction.id, coin: coin, date: transaction.date,
            amount: transaction.amount, proceeds: proceeds, costBasis: basis, fee: fee ?? 0))
      case .transferOut:
        _ = take(transaction.amount)
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

    mutating func add(_ amount: Decimal, cost: Decimal?) {
      switch method {
      case .fifo:
        positions.append(Position(amount: amount, cost: cost))
      case .average:
        guard var pool = positions.first else {
          positions = [Position(amount: amount, cost: cost)]
          return
        }
        pool.amount += amount
        pool.cost = sum(pool.cost, cost)
        positions = [pool]
      }
    }

    /// Takes `amount` from the positions, oldest first, and returns its cost (`nil` when a
    /// part of it has an unknown cost). The holding's history never takes more than is held.
    mutating func take(_ amount: Decimal) -> Decimal? {
      var remaining = amount
      var cost: Decimal? = 0
      while remaining > 0, !positions.isEmpty {
        let taken = min(remaining, positions[0].amount)
        let share = positions[0].cost.map { $0 * taken / positions[0].amount }
        cost = sum(cost, share)
        positions[0].amount -= taken
        positions[0].cost = sum(positions[0].cost, share.map { -$0 })
        remaining -= taken
        if positions[0].amount == 0 { positions.removeFirst() }
      }
      return cost
    }

    func result(coin: String) -> HoldingLedger {
      let costed = positions.filter { $0.cost != nil }
      return HoldingLedger(
        coin: coin, currency: currency, method: method,
        amount: positions.reduce(Decimal(0)) { $0 + $1.amount },
        costedAmount: costed.reduce(Decimal(0)) { $0 + $1.amount },
        costBasis: costed.reduce(Decimal(0)) { $0 + ($1.cost ?? 0) }, realized: realized,
        fees: fees, convertedAtTodaysRate: atTodaysRate, missingRates: missingRates)
    }
  }
}
