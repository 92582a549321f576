import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rules every reader shares: what an exchange of two assets is (a buy, a sale, a trade, or
/// money for money), what a movement of one asset is, and where each fee goes (``ImportedFee``).
extension EventLog {
  /// One asset given for another: `spent` and `received` as the file states them before fees,
  /// `fees` each in its own asset. `feeColumn` is named when a fee cannot be taken.
  mutating func exchange(
    _ origin: EventOrigin, spent: ImportedAmount, received: ImportedAmount,
    fees: [ImportedAmount] = [], feeColumn: String? = nil
  ) throws(ImportError) {
    if spent.asset.isMoney && received.asset.isMoney { return skip(origin.lines, .moneyForMoney) }
    if spent.amount == 0 && received.amount == 0 { return skip(origin.lines, .zeroAmount) }
    var spent = spent
    var received = received
    var applied: [ImportedFee] = []
    var disposals: [ImportedAmount] = []
    for fee in fees where fee.amount != 0 {
      let fee = ImportedAmount(abs(fee.amount), fee.asset)
      if fee.asset.isMoney {
        applied.append(ImportedFee(fee, .money))
      } else if fee.asset == received.asset {
        guard fee.amount <= received.amount else {
          throw ImportError(
            line: origin.line, column: feeColumn,
            reason: "the fee of \(fee) is more than the \(received) received")
        }
        received.amount -= fee.amount
        applied.append(ImportedFee(fee, .deductedFromReceived))
      } else if fee.asset == spent.asset {
        spent.amount += fee.amount
        applied.append(ImportedFee(fee, .addedToSpent))
      } else {
        applied.append(ImportedFee(fee, .ownDisposal))
        disposals.append(fee)
      }
    }
    let action: ImportedAction =
      spent.asset.isMoney
      ? .buy(coin: received, money: spent)
      : received.asset.isMoney
        ? .sell(coin: spent, money: received) : .trade(spent: spent, received: received)
    append(origin, action, applied)
    for fee in disposals { appendDisposal(origin, fee) }
  }

  /// Coins bought (`buying`) or sold for `money`, which the row may not state.
  mutating func exchange(
    _ origin: EventOrigin, coins: ImportedAmount, buying: Bool, for money: ImportedAmount?,
    fees: [ImportedAmount] = [], feeColumn: String? = nil
  ) throws(ImportError) {
    let other = money ?? ImportedAmount(0, .money(""))
    let count = events.count
    try exchange(
      origin, spent: buying ? other : coins, received: buying ? coins : other, fees: fees,
      feeColumn: feeColumn)
    guard money == nil, count < events.count else { return }
    switch events[count].action {
    case .buy(let coin, _): events[count].action = .buy(coin: coin, money: nil)
    case .sell(let coin, _): events[count].action = .sell(coin: coin, money: nil)
    default: break
    }
  }

  /// The ways one asset moves on its own.
  enum Movement {
    case deposit, withdrawal, income(IncomeKind)
  }

  /// One asset moving in or out (`amount` as the file states it, its sign ignored), fees on
  /// top: a fee in the same coin is taken from what came in, or is its own disposal when coins
  /// went out. Money moving is skipped.
  mutating func move(
    _ origin: EventOrigin, _ movement: Movement, _ amount: ImportedAmount,
    fees: [ImportedAmount] = []
  ) throws(ImportError) {
    if amount.asset.isMoney { return skip(origin.lines, .money) }
    var amount = ImportedAmount(abs(amount.amount), amount.asset)
    if amount.amount == 0 { return skip(origin.lines, .zeroAmount) }
    var applied: [ImportedFee] = []
    var disposals: [ImportedAmount] = []
    let incoming: Bool
    if case .withdrawal = movement { incoming = false } else { incoming = true }
    for fee in fees where fee.amount != 0 {
      let fee = ImportedAmount(abs(fee.amount), fee.asset)
      if fee.asset.isMoney {
        applied.append(ImportedFee(fee, .money))
      } else if incoming && fee.asset == amount.asset && fee.amount <= amount.amount {
        amount.amount -= fee.amount
        applied.append(ImportedFee(fee, .deductedFromReceived))
      } else {
        applied.append(ImportedFee(fee, .ownDisposal))
        disposals.append(fee)
      }
    }
    let action: ImportedAction =
      switch movement {
      case .deposit: .deposit(amount)
      case .withdrawal: .withdrawal(amount)
      case .income(let kind): .income(amount, kind)
      }
    append(origin, action, applied)
    for fee in disposals { appendDisposal(origin, fee) }
  }

  /// Coins given up as a fee on their own (a fee row with nothing else, a `cost` label).
  mutating func feeOnly(_ origin: EventOrigin, _ fee: ImportedAmount) {
    if fee.asset.isMoney { return skip(origin.lines, .money) }
    if fee.amount == 0 { return skip(origin.lines, .zeroAmount) }
    append(origin, .feeDisposal(ImportedAmount(abs(fee.amount), fee.asset)), [])
  }

  private mutating func append(
    _ origin: EventOrigin, _ action: ImportedAction, _ fees: [ImportedFee]
  ) {
    events.append(
      ImportedEvent(
        line: origin.line, date: origin.date, action: action, fees: fees, value: origin.value,
        id: origin.id, note: origin.note))
  }

  private mutating func appendDisposal(_ origin: EventOrigin, _ fee: ImportedAmount) {
    events.append(
      ImportedEvent(
        line: origin.line, date: origin.date, action: .feeDisposal(fee),
        id: origin.id.map { $0 + "/fee" }, note: origin.note))
  }
}
