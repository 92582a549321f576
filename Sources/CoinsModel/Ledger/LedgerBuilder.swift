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
    for index in holding.chronologicalIndices {
      state.apply(holding.transactions[index], coin: holding.id)
    }
    return state.result(coin: holding.id)
  }

  /// Coins held at one cost: a lot (FIFO) or the whole pool (average).
  private struct Position {
    var amount: ExactDecimal
    /// `nil` when unknown.
    var cost: ExactDecimal?
  }

  /// The ledger's arithmetic is ``ExactDecimal``'s: `Decimal`'s own is ten to a hundred times
  /// slower, and a history of 100,000 transactions is worked through on every `value`.
  private struct State {
    let method: CostBasisMethod
    let currency: String
    let rates: CurrencyRates
    var positions: [Position] = []
    /// The oldest position still held: those before it are used up (kept, not removed, so
    /// that a sale takes from the front in constant time).
    var oldest = 0
    var realized: [RealizedGain] = []
    var fees = ExactDecimal.zero
    var atTodaysRate = false
    var missingRates = Set<String>()

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
        add(amount, cost: sum(gross, fee))
      case .transferIn:
        // Without a price: 0, or unknown for a deposit from outside (``Transaction/costUnknown``).
        let value = transaction.price == nil ? (transaction.costUnknown ? nil : .zero) : gross
        add(amount, cost: sum(value, fee))
      case .sell:
        let basis = take(amount)
        let proceeds = sum(gross, fee.map { -$0 })
        realized.append(
          RealizedGain(
            transactionID: transaction.id, coin: coin, date: transaction.date,
            amount: transaction.amount, proceeds: proceeds?.decimal, costBasis: basis?.decimal,
            fee: (fee ?? .zero).decimal))
      case .transferOut:
        _ = take(amount)
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

    mutating func add(_ amount: ExactDecimal, cost: ExactDecimal?) {
      switch method {
      case .fifo:
        positions.append(Position(amount: amount, cost: cost))
      case .average:
        guard oldest < positions.count else {
          positions = [Position(amount: amount, cost: cost)]
          oldest = 0
          return
        }
        positions[oldest].amount += amount
        positions[oldest].cost = sum(positions[oldest].cost, cost)
      }
    }

    /// Takes `amount` from the positions, oldest first, and returns its cost (`nil` when a
    /// part of it has an unknown cost). The holding's history never takes more than is held.
    mutating func take(_ amount: ExactDecimal) -> ExactDecimal? {
      var remaining = amount
      var cost: ExactDecimal? = .zero
      while remaining > .zero, oldest < positions.count {
        let position = positions[oldest]
        let taken = min(remaining, position.amount)
        let share = position.cost.map { ($0 * taken).divided(by: position.amount) ?? .zero }
        cost = sum(cost, share)
        positions[oldest].amount -= taken
        positions[oldest].cost = sum(position.cost, share.map { -$0 })
        remaining -= taken
        if positions[oldest].amount.isZero { oldest += 1 }
      }
      return cost
    }

    func result(coin: String) -> HoldingLedger {
      let held = positions[oldest...]
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
