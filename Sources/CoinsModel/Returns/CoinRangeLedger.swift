/// One coin's walk through a range for what is measured (``ReturnsScope``): the amount held
/// at the start and each day's change, each day's flows, and the gain's parts — realized,
/// income and fees — with the range's cost of what is still held.
struct CoinRangeLedger: Sendable {
  /// The coin's CoinGecko id.
  let coin: String
  /// Coins held at the end of the day before the range.
  private(set) var startAmount = ExactDecimal.zero
  /// Each day's change to the amount held, by UTC day.
  private(set) var changes: [Int: ExactDecimal] = [:]
  /// Each day's flows into (positive) and out of (negative) what is measured, by UTC day.
  private(set) var flows: [Int: ExactDecimal] = [:]
  /// Sales and transfers out: what they brought less their cost for the range.
  private(set) var realized = ExactDecimal.zero
  /// Income (staking, rewards, airdrops) at its value the day it came.
  private(set) var income = ExactDecimal.zero
  /// Fees paid (negative): on buys and sales, and the coins a move's network kept, at cost.
  private(set) var fees = ExactDecimal.zero
  /// Days whose open was needed and missing.
  private(set) var missingDays: Set<Int> = []
  /// Currencies of fees that could not be converted and so are not counted.
  private(set) var uncountedFeeCurrencies: Set<String> = []
  private var pool = RangeCostPool()

  /// The range's cost of the coins still held at its end.
  var heldCost: ExactDecimal { pool.heldCost }

  /// Walks `holding`'s transactions in the order they count, over `days`, for `scope`, valued
  /// in `currency` at `opens` (the coin's daily opens).
  init(
    _ holding: Holding, scope: ReturnsScope, days: ClosedRange<Int>, currency: String,
    opens: [Int: ExactDecimal]
  ) {
    coin = holding.id
    let moves = holding.moves
    let arrivals = Set(moves.values)
    let currency = currency.lowercased()
    var started = false
    for index in holding.chronologicalIndices {
      let transaction = holding.transactions[index]
      let day = transaction.day
      if day > days.upperBound { break }
      if !started, day >= days.lowerBound {
        started = true
        startRange(at: days.lowerBound, opens: opens)
      }
      let arrivalIndex = transaction.kind == .transferOut ? moves[transaction.id] : nil
      let arrival = arrivalIndex.map { holding.transactions[$0] }
      let isArrival = arrivals.contains(index)
      guard
        let (delta, leg) = Self.leg(
          transaction, arrival: arrival, isArrival: isArrival, scope: scope)
      else { continue }
      guard day >= days.lowerBound else {
        startAmount += delta
        continue
      }
      changes[day, default: .zero] += delta
      count(leg, of: transaction, on: day, currency: currency, open: opens[day])
    }
    if !started { startRange(at: days.lowerBound, opens: opens) }
  }

  /// Whether a ledger of `holding` over `days` for `scope` would have anything: coins held
  /// when the range starts, or a transaction of what is measured inside it. The same walk,
  /// without valuing anything (it runs before the prices are known).
  static func hasAnything(_ holding: Holding, scope: ReturnsScope, days: ClosedRange<Int>)
    -> Bool
  {
    let moves = holding.moves
    let arrivals = Set(moves.values)
    var startAmount = ExactDecimal.zero
    for index in holding.chronologicalIndices {
      let transaction = holding.transactions[index]
      if transaction.day > days.upperBound { break }
      let arrivalIndex = transaction.kind == .transferOut ? moves[transaction.id] : nil
      guard
        let (delta, _) = leg(
          transaction, arrival: arrivalIndex.map { holding.transactions[$0] },
          isArrival: arrivals.contains(index), scope: scope)
      else { continue }
      if transaction.day >= days.lowerBound { return true }
      startAmount += delta
    }
    return startAmount != .zero
  }

  /// What a transaction is to what is measured.
  private enum Leg {
    case buy, sale, transferIn, transferOut, income
    /// Out of a measured wallet into another of yours: `arrived` coins, the rest the fee.
    case moveOut(arrived: ExactDecimal)
    /// Into a measured wallet from another of yours.
    case moveIn
    /// A move within what is measured: only the network's fee (these coins) leaves.
    case moveFee(ExactDecimal)
  }

  /// The change to the amount measured and what the transaction is; `nil` when it is not part
  /// of what is measured.
  private static func leg(
    _ transaction: Transaction, arrival: Transaction?, isArrival: Bool, scope: ReturnsScope
  ) -> (ExactDecimal, Leg)? {
    let amount = ExactDecimal(transaction.amount)
    switch scope {
    case .portfolio:
      if isArrival { return nil }
      if let arrival {
        let fee = amount - ExactDecimal(arrival.amount)
        return (-fee, .moveFee(fee))
      }
    case .wallet(let name):
      guard transaction.wallet == name else { return nil }
      if isArrival { return (amount, .moveIn) }
      if let arrival { return (-amount, .moveOut(arrived: ExactDecimal(arrival.amount))) }
    }
    switch transaction.kind {
    case .buy: return (amount, .buy)
    case .sell: return (-amount, .sale)
    case .transferIn: return (amount, transaction.isIncome ? .income : .transferIn)
    case .transferOut: return (-amount, .transferOut)
    }
  }

  /// The coins held before the range enter its cost at their start value.
  private mutating func startRange(at first: Int, opens: [Int: ExactDecimal]) {
    guard startAmount > .zero else { return }
    guard let open = opens[first] else {
      missingDays.insert(first)
      return
    }
    pool.add(startAmount, cost: startAmount * open)
  }

  private mutating func count(
    _ leg: Leg, of transaction: Transaction, on day: Int, currency: String, open: ExactDecimal?
  ) {
    let amount = ExactDecimal(transaction.amount)
    func atOpen(_ coins: ExactDecimal) -> ExactDecimal {
      guard let open else {
        missingDays.insert(day)
        return .zero
      }
      return coins * open
    }
    switch leg {
    case .buy, .sale, .transferIn, .income:
      let money = TransactionMoney(transaction, in: currency, open: open)
      if money.needsOpen && open == nil { missingDays.insert(day) }
      if let uncounted = money.uncountedFeeCurrency { uncountedFeeCurrencies.insert(uncounted) }
      let value = money.value
      switch leg {
      case .buy:
        flows[day, default: .zero] += value + money.fee
        fees -= money.fee
        pool.add(amount, cost: value)
      case .sale:
        flows[day, default: .zero] -= value - money.fee
        fees -= money.fee
        realized += value - pool.take(amount)
      case .transferIn:
        flows[day, default: .zero] += value
        pool.add(amount, cost: value)
      default:
        income += value
        pool.add(amount, cost: value)
      }
    case .transferOut:
      let value = atOpen(amount)
      flows[day, default: .zero] -= value
      realized += value - pool.take(amount)
    case .moveIn:
      let value = atOpen(amount)
      flows[day, default: .zero] += value
      pool.add(amount, cost: value)
    case .moveOut(let arrived):
      let value = atOpen(arrived)
      flows[day, default: .zero] -= value
      realized += value - pool.take(arrived)
      fees -= pool.take(amount - arrived)
    case .moveFee(let coins):
      fees -= pool.take(coins)
    }
  }
}
