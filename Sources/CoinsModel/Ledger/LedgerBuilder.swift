#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
/// - A move between the user's wallets (a transfer out and the transfer in that received it,
///   ``Holding/moves``) realizes nothing and keeps the coins' dates and costs: what left and did
///   not arrive (the network's fee) leaves at its cost, as a transfer out. By
///   ``CostBasisScope/wallet`` every wallet has its own lots, a sale takes from its wallet's and
///   a move carries the lots it takes (in the method's order) into the wallet it goes to; by
///   ``CostBasisScope/universal`` there is one pool, which a move leaves as it is.
/// - Each figure is converted from its transaction's currency at the rate of its day
///   (``CurrencyRates``). A buy without a price (a version-1 lot added without `--cost`) has an
///   unknown cost: the coins count as held but not as costed, and a sale that takes from them
///   has an unknown gain.
public enum LedgerBuilder {
  /// The ledger of `holding` in `currency` by `method` and `scope`, converting with `rates`;
  /// with `wallet`, of that wallet's part only (its coins, its sales and its fees; by universal
  /// scope its coins cost their share of the pool's cost). Without `soldLots`, the sales'
  /// ``RealizedGain/lots`` are left empty (their figures are the same): what a valuation, a
  /// history or a sale's receipt needs, at less cost than the lots of tens of thousands of
  /// sales. With `provenance` (and `soldLots`), each sale and lot says how its price was had
  /// and converted (``RealizedGain/provenance``, ``SoldLot/provenance``), as the JSON and CSV
  /// reports show; without it, only those converted at today's rate say so (what a text
  /// report's note needs), at no cost for the rest.
  public static func ledger(
    of holding: Holding, in currency: String, method: CostBasisMethod,
    rates: CurrencyRates = CurrencyRates(), scope: CostBasisScope = .universal,
    wallet: String? = nil, soldLots: Bool = true, provenance: Bool = false
  ) -> HoldingLedger {
    var state = State(
      method: method, currency: currency.lowercased(), rates: rates, scope: scope,
      moves: holding.moves, only: wallet, recordsLots: soldLots && method.hasLots)
    state.recordsProvenance = soldLots && provenance
    state.recordsTodaysProvenance = soldLots
    state.arrivals = Set(state.moves.values.map { holding.transactions[$0].id })
    if scope == .universal { state.lotCapacity = holding.transactions.count }
    for (sequence, index) in holding.chronologicalIndices.enumerated() {
      state.apply(holding.transactions[index], coin: holding.id, sequence: sequence, in: holding)
    }
    return state.result(coin: holding.id)
  }

  /// The ledger's arithmetic is ``ExactDecimal``'s: `Decimal`'s own is ten to a hundred times
  /// slower, and a history of 100,000 transactions is worked through on every `value`.
  private struct State {
    let method: CostBasisMethod
    let currency: String
    let rates: CurrencyRates
    let scope: CostBasisScope
    /// Each move's arriving transfer in, by the id of the transfer out it received.
    let moves: [String: Int]
    /// The ids of those transfers in, which add no lot of their own.
    var arrivals: Set<String> = []
    /// The wallet whose part is asked for; `nil` for the whole holding.
    let only: String?
    /// Whether each sale records the lots it took.
    let recordsLots: Bool
    /// The room each pool makes for lots ahead: by universal scope, one per transaction of the
    /// holding (the one pool takes every acquisition); by wallet, none.
    var lotCapacity = 0
    /// The lots, by wallet (by universal scope, all under "").
    var pools: [String: LotQueue] = [:]
    /// The coins in each wallet, when a wallet's part is asked for.
    var walletAmounts: [String: ExactDecimal] = [:]
    var realized: [RealizedGain] = []
    var fees = ExactDecimal.zero
    var atTodaysRate = false
    /// Each acquisition's provenance by its id, for the lots sales take (with ``recordsLots``).
    var lotProvenance: [String: FigureProvenance] = [:]
    /// Whether each sale and lot records its provenance.
    var recordsProvenance = false
    /// Whether those converted at today's rate record theirs (when not all do).
    var recordsTodaysProvenance = false
    /// Whether a conversion of the transaction being applied used today's rate.
    var convertedToday = false
    var missingRates = Set<String>()

    init(
      method: CostBasisMethod, currency: String, rates: CurrencyRates, scope: CostBasisScope,
      moves: [String: Int], only: String?, recordsLots: Bool
    ) {
      (self.method, self.currency, self.rates) = (method, currency, rates)
      (self.scope, self.moves, self.only) = (scope, moves, only)
      self.recordsLots = recordsLots
    }

    /// The pool the lots of `wallet` are in.
    func pool(_ wallet: String) -> String { scope == .wallet ? wallet : "" }

    /// Takes `amount` from the lots of `wallet`'s pool.
    mutating func take(_ amount: ExactDecimal, from wallet: String) -> [LotQueue.Taken] {
      // The empty pool made of locals: an autoclosure that read this state's members took a
      // copy of the whole state (each member retained) on every sale.
      let (method, capacity) = (self.method, lotCapacity)
      return pools[pool(wallet), default: LotQueue(method: method, capacity: capacity)]
        .take(amount)
    }

    mutating func apply(
      _ transaction: Transaction, coin: String, sequence: Int, in holding: Holding
    ) {
      let amount = ExactDecimal(transaction.amount)
      let counts = only == nil || only == transaction.wallet
      convertedToday = false
      if only != nil {
        walletAmounts[transaction.wallet, default: .zero] +=
          transaction.kind.addsCoins ? amount : -amount
      }
      // No fee costs 0; a fee whose currency cannot be converted is unknown.
      let fee: ExactDecimal? =
        transaction.fee.map {
          // A zero fee needs no currency: it costs 0 whether or not a rate reaches it.
          $0 == 0
            ? .zero : convert(ExactDecimal($0), transaction.feeCurrencyOrDefault, transaction.date)
        } ?? .zero
      if counts { fees += fee ?? .zero }
      // amount × price converted: `nil` without a price or a rate.
      let gross = transaction.price.flatMap {
        convert(amount * ExactDecimal($0), transaction.priceCurrency, transaction.date)
      }
      switch transaction.kind {
      case .buy:
        add(transaction, amount, cost: Self.sum(gross, fee), sequence: sequence)
      case .transferIn:
        // A move's arrival: its coins came with the transfer out, lots and all.
        guard !arrivals.contains(transaction.id) else { return }
        // Without a price: 0, or unknown for a deposit from outside (``Transaction/costUnknown``).
        let value = transaction.price == nil ? (transaction.costUnknown ? nil : .zero) : gross
        add(transaction, amount, cost: Self.sum(value, fee), sequence: sequence)
      case .sell:
        let parts = take(amount, from: transaction.wallet)
        guard counts else { return }
        // Worked out by functions that do not take this state: one that did (or a closure
        // that captured it) was handed a copy of it, retained member by member, for each sale.
        var basis: ExactDecimal? = .zero
        for index in parts.indices { basis = Self.sum(basis, parts[index].cost) }
        let proceeds = Self.sum(gross, fee.map { -$0 })
        let lots =
          recordsLots
          ? Self.soldLots(parts, of: amount, for: proceeds, provenance: lotProvenance) : []
        let saleProvenance = provenance(of: transaction)
        realized.append(
          RealizedGain(
            transactionID: transaction.id, coin: coin, date: transaction.date,
            amount: transaction.amount, proceeds: proceeds?.decimal, costBasis: basis?.decimal,
            fee: (fee ?? .zero).decimal, lots: lots, wallet: transaction.wallet,
            provenance: saleProvenance))
      case .transferOut:
        guard let arrival = moves[transaction.id].map({ holding.transactions[$0] }) else {
          _ = take(amount, from: transaction.wallet)
          return
        }
        let arrived = ExactDecimal(arrival.amount)
        if pool(transaction.wallet) != pool(arrival.wallet) {
          let parts = take(arrived, from: transaction.wallet)
          for part in parts {
            let (method, capacity) = (self.method, lotCapacity)
            pools[pool(arrival.wallet), default: LotQueue(method: method, capacity: capacity)]
              .receive(part)
          }
        }
        // What left and did not arrive: the network's fee, gone at its cost.
        _ = take(amount - arrived, from: transaction.wallet)
      }
    }

    mutating func add(
      _ transaction: Transaction, _ amount: ExactDecimal, cost: ExactDecimal?, sequence: Int
    ) {
      if recordsLots, let provenance = provenance(of: transaction) {
        lotProvenance[transaction.id] = provenance
      }
      let (method, capacity) = (self.method, lotCapacity)
      pools[pool(transaction.wallet), default: LotQueue(method: method, capacity: capacity)].add(
        id: transaction.id, acquired: transaction.date, amount: amount, cost: cost,
        sequence: sequence)
    }

    /// The parts a sale of `amount` took, each with its share of `proceeds` by amount; the
    /// last part gets what is left, so the shares add up to the proceeds. Each lot's
    /// `provenance` is its acquisition's.
    static func soldLots(
      _ parts: [LotQueue.Taken], of amount: ExactDecimal, for proceeds: ExactDecimal?,
      provenance: [String: FigureProvenance]
    ) -> [SoldLot] {
      var lots: [SoldLot] = []
      lots.reserveCapacity(parts.count)
      var left = proceeds
      for index in parts.indices {
        let isLast = index == parts.count - 1
        let share =
          isLast ? left : proceeds.map { ($0 * parts[index].amount).divided(by: amount) ?? .zero }
        if !isLast { left = sum(left, share.map { -$0 }) }
        lots.append(
          SoldLot(
            acquiredID: parts[index].lot.transactionID, acquired: parts[index].lot.acquired,
            amount: parts[index].amount.decimal, proceeds: share?.decimal,
            costBasis: parts[index].cost?.decimal,
            provenance: provenance.isEmpty ? nil : provenance[parts[index].lot.transactionID]))
      }
      return lots
    }

    /// The provenance `transaction`'s figure records: every one's with ``recordsProvenance``,
    /// else only one converted at today's rate (with ``recordsTodaysProvenance``).
    func provenance(of transaction: Transaction) -> FigureProvenance? {
      guard recordsProvenance || (recordsTodaysProvenance && convertedToday) else { return nil }
      return rates.provenance(of: transaction, in: currency, fee: true)
    }

    /// Both added, or `nil` when either is unknown.
    static func sum(_ lhs: ExactDecimal?, _ rhs: ExactDecimal?) -> ExactDecimal? {
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
      if conversion.atTodaysRate { (atTodaysRate, convertedToday) = (true, true) }
      return ExactDecimal(conversion.value)
    }

    func result(coin: String) -> HoldingLedger {
      let shown = only.map { scope == .wallet ? [pools[$0]] : [pools[""]] } ?? Array(pools.values)
      let held = shown.flatMap { $0?.held ?? [] }
      let costed = held.filter { $0.cost != nil }
      var amount = held.reduce(ExactDecimal.zero) { $0 + $1.amount }
      var costedAmount = costed.reduce(ExactDecimal.zero) { $0 + $1.amount }
      var costBasis = costed.reduce(ExactDecimal.zero) { $0 + ($1.cost ?? .zero) }
      if let only, scope == .universal {
        // The wallet's coins, at their share of the one pool's cost.
        let inWallet = walletAmounts[only] ?? .zero
        let share = { (figure: ExactDecimal) in
          (figure * inWallet).divided(by: amount) ?? .zero
        }
        (costedAmount, costBasis) =
          amount.isZero ? (.zero, .zero) : (share(costedAmount), share(costBasis))
        amount = inWallet
      }
      return HoldingLedger(
        coin: coin, currency: currency, method: method,
        amount: amount.decimal, costedAmount: costedAmount.decimal, costBasis: costBasis.decimal,
        realized: realized, fees: fees.decimal, convertedAtTodaysRate: atTodaysRate,
        missingRates: missingRates)
    }
  }
}
