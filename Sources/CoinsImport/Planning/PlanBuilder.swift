import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan being built, event by event (see ``ImportPlanner``).
struct PlanBuilder {
  let coins: [String: String]
  let prices: DailyPrices
  let wallet: String
  let ownCSV: Bool
  var plan = ImportPlan()
  /// The last id cleaned, and what it became: a trade's sale and buy share their event's.
  var lastID: (given: String, cleaned: String)? = nil

  /// A money value: an amount in a currency (lower case, as the portfolio file has them).
  struct Value {
    var total: Decimal
    var currency: String
    var source: ValueSource
    /// The price chain's label, for a value from a daily price (``Transaction/priceSource``).
    var label: String? = nil
  }

  mutating func add(_ event: ImportedEvent) {
    if let recorded = event.recorded { return add(recorded, event) }
    let fee = moneyFee(event)
    switch event.action {
    case .buy(let coin, let money), .sell(let coin, let money):
      let isBuy: Bool
      if case .buy = event.action { isBuy = true } else { isBuy = false }
      // coins' own CSV says what it knows: a buy without a price is of unknown cost.
      let value = money.flatMap(ownValue) ?? (ownCSV ? nil : fairValue(of: coin, event))
      record(value)
      guard var transaction = transaction(isBuy ? .buy : .sell, coin, event) else { return }
      set(value, on: &transaction, amount: coin.amount)
      if let fee { attach(fee, to: &transaction) }
      if value == nil { unknown(event, coin, isBuy ? "buy" : "sale", .noPrice) }
      append(transaction, coin, event, priceIsValued: !ownCSV && value?.source != .file)
    case .trade(let spent, let received):
      if let coin = coinID(spent), coin == coinID(received) {
        return rename(spent, to: received, event, fee: fee)
      }
      let value =
        event.value.flatMap(ownValue) ?? stablecoinValue(spent) ?? stablecoinValue(received)
        ?? dailyPriceValue(spent, event) ?? dailyPriceValue(received, event)
      record(value)
      if var sale = transaction(.sell, spent, event) {
        set(value, on: &sale, amount: spent.amount)
        append(sale, spent, event, priceIsValued: value?.source != .file)
      }
      if var buy = transaction(.buy, received, event) {
        set(value, on: &buy, amount: received.amount)
        if let fee { attach(fee, to: &buy) }
        append(buy, received, event, priceIsValued: value?.source != .file)
      }
      if value == nil { unknown(event, received, "trade", .noPrice) }
    case .deposit(let amount):
      guard var transfer = transaction(.transferIn, amount, event) else { return }
      let value = event.value.flatMap(ownValue)
      if value != nil { record(value) }
      set(value, on: &transfer, amount: amount.amount)
      if let fee { attach(fee, to: &transfer) }
      if value == nil && !ownCSV {
        transfer.costUnknown = true
        unknown(event, amount, "deposit", .deposit)
      }
      append(transfer, amount, event, priceIsValued: false)
    case .withdrawal(let amount):
      guard var transfer = transaction(.transferOut, amount, event) else { return }
      if let fee { attach(fee, to: &transfer) }
      append(transfer, amount, event, priceIsValued: false)
    case .income(let amount, let kind):
      guard var transfer = transaction(.transferIn, amount, event) else { return }
      let value = fairValue(of: amount, event)
      record(value)
      transfer.isIncome = true
      if transfer.note == nil { transfer.note = "\(kind.rawValue) income" }
      set(value, on: &transfer, amount: amount.amount)
      if value == nil {
        transfer.costUnknown = true
        unknown(event, amount, "income", .noPrice)
      }
      append(transfer, amount, event, priceIsValued: value?.source != .file)
    case .feeDisposal(let amount):
      guard var sale = transaction(.sell, amount, event) else { return }
      let value = fairValue(of: amount, event)
      record(value)
      if sale.note == nil { sale.note = "fee" }
      set(value, on: &sale, amount: amount.amount)
      if value == nil { unknown(event, amount, "fee", .noPrice) }
      append(sale, amount, event, priceIsValued: value?.source != .file)
    }
  }

  /// A trade between two tickers of one coin (Coinbase's `Convert ETH to ETH2`, a migration, a
  /// ticker change): no disposal — the coins keep their lots. Only a difference in amount is
  /// recorded: coins that did not come back leave at their cost (a transfer out), coins that
  /// came in on top are of unknown cost (a transfer in).
  private mutating func rename(
    _ spent: ImportedAmount, to received: ImportedAmount, _ event: ImportedEvent, fee: Value?
  ) {
    plan.renames.append(event.line)
    let difference = received.amount - spent.amount
    guard difference != 0 else { return }
    let kind: TransactionKind = difference > 0 ? .transferIn : .transferOut
    let amount = ImportedAmount(abs(difference), difference > 0 ? received.asset : spent.asset)
    guard var transfer = transaction(kind, amount, event) else { return }
    if transfer.note == nil {
      transfer.note = "rename \(spent.asset.code) to \(received.asset.code)"
    }
    if kind == .transferIn {
      transfer.costUnknown = true
      unknown(event, amount, "rename", .deposit)
    }
    if let fee { attach(fee, to: &transfer) }
    append(transfer, amount, event, priceIsValued: false)
  }

  /// A transaction of coins' own export, as it was recorded: valued by the file, or of
  /// unknown cost.
  private mutating func add(_ given: Transaction, _ event: ImportedEvent) {
    var recorded = given
    // A row that names no wallet is in the import's.
    if event.wallet == nil { recorded.wallet = wallet }
    let amount: ImportedAmount
    switch event.action {
    case .buy(let coin, _), .sell(let coin, _), .deposit(let coin), .withdrawal(let coin):
      amount = coin
    case .trade, .income, .feeDisposal: return
    }
    if recorded.price != nil {
      plan.valuations[.file, default: 0] += 1
    } else if !recorded.hasKnownCost || recorded.kind == .sell {
      plan.valuations[.unknown, default: 0] += 1
    }
    if !recorded.hasKnownCost {
      let what = recorded.isIncome ? "income" : recorded.kind == .buy ? "buy" : "deposit"
      unknown(event, amount, what, recorded.kind == .buy || recorded.isIncome ? .noPrice : .deposit)
    }
    append(recorded, amount, event, priceIsValued: false)
  }

  /// A transaction of `kind` moving `amount` at the event's moment, or `nil` for an amount
  /// that is not a coin or not more than 0.
  private mutating func transaction(
    _ kind: TransactionKind, _ amount: ImportedAmount, _ event: ImportedEvent
  )
    -> Transaction?
  {
    let coins = Self.stored(amount.amount)
    guard case .coin = amount.asset, coins > 0 else { return nil }
    var transaction = Transaction(
      kind: kind, amount: coins, date: event.date, note: event.note,
      wallet: event.wallet ?? wallet)
    if kind == .transferIn, let from = event.movedFrom { transaction.movedFrom = from }
    // Only ids the portfolio file takes back (short, printable; no comma in coins' own).
    if let given = event.id, case let id = cleaned(given), !id.isEmpty {
      if ownCSV {
        if id.count <= 64, !id.contains(",") { transaction.id = id }
      } else {
        // The id itself when it is short enough (nearly always): no new string a transaction.
        transaction.externalID = id.utf8.count <= 128 ? id : String(id.prefix(128))
      }
    }
    return transaction
  }

  /// `id` as the portfolio file keeps it (``Sanitizer/clean(_:)``), cleaned once for the
  /// transactions of one event.
  private mutating func cleaned(_ id: String) -> String {
    if let lastID, lastID.given == id { return lastID.cleaned }
    let cleaned = Sanitizer.clean(id)
    lastID = (id, cleaned)
    return cleaned
  }

  /// Adds `transaction` to the plan; `priceIsValued`: its price is not the file's
  /// (``ImportRow/priceIsValued``).
  private mutating func append(
    _ transaction: Transaction, _ amount: ImportedAmount, _ event: ImportedEvent,
    priceIsValued: Bool
  ) {
    guard let coin = coinID(amount) else { return }
    plan.rows.append(
      ImportRow(
        line: event.line, coin: coin, transaction: transaction, priceIsValued: priceIsValued))
  }

  private func coinID(_ amount: ImportedAmount) -> String? {
    coins[amount.asset.code.upperCasedTicker]
  }

  private mutating func unknown(
    _ event: ImportedEvent, _ amount: ImportedAmount, _ what: String, _ reason: UnknownCost.Reason
  ) {
    guard let coin = coinID(amount) else { return }
    plan.unknownCosts.append(
      UnknownCost(
        line: event.line, date: event.date, coin: coin, amount: amount.amount, event: what,
        reason: reason))
  }

  private mutating func record(_ value: Value?) {
    plan.valuations[value?.source ?? .unknown, default: 0] += 1
  }

  /// The price per coin of `value` over `amount`, set with its currency.
  private func set(_ value: Value?, on transaction: inout Transaction, amount: Decimal) {
    guard let value, amount > 0,
      let price = ExactDecimal(value.total).divided(by: ExactDecimal(amount))
    else { return }
    transaction.price = Self.stored(price.decimal)
    transaction.currency = value.currency
    transaction.priceSource = value.label
  }

  /// `value` as the portfolio file stores it (rounded to its fraction digits), so that what is
  /// compared with the file on a later import is what the file reads back.
  static func stored(_ value: Decimal) -> Decimal {
    DecimalInput.rounded(value, fractionDigits: DecimalInput.maxFractionDigits)
  }

  private func attach(_ fee: Value, to transaction: inout Transaction) {
    transaction.fee = Self.stored(fee.total)
    transaction.feeCurrency = fee.currency == transaction.currency ? nil : fee.currency
    if transaction.currency == nil && transaction.price == nil {
      transaction.currency = fee.currency
      transaction.feeCurrency = nil
    }
  }

  /// The event's fees in money, summed in the currency of the first.
  private func moneyFee(_ event: ImportedEvent) -> Value? {
    var found: Value?
    for fee in event.fees where fee.treatment == .money && fee.amount.asset.isMoney {
      let currency = fee.amount.asset.code.lowercased()
      if found == nil {
        found = Value(total: fee.amount.amount, currency: currency, source: .file)
      } else if found?.currency == currency {
        found?.total += fee.amount.amount
      }
    }
    return found
  }

  private func ownValue(_ amount: ImportedAmount) -> Value? {
    guard amount.asset.isMoney else { return nil }
    return Value(total: amount.amount, currency: amount.asset.code.lowercased(), source: .file)
  }

  private mutating func stablecoinValue(_ amount: ImportedAmount) -> Value? {
    guard USDStablecoin.contains(amount.asset) else { return nil }
    plan.stablecoinsUsed.insert(amount.asset.code.upperCasedTicker)
    return Value(
      total: amount.amount, currency: "usd", source: .stablecoin,
      label: FigureProvenance.stablecoinSource)
  }

  private func dailyPriceValue(_ amount: ImportedAmount, _ event: ImportedEvent) -> Value? {
    guard let coin = coinID(amount), let price = prices.price(of: coin, on: event.date) else {
      return nil
    }
    let total = ExactDecimal(amount.amount) * ExactDecimal(price)
    return Value(
      total: total.decimal, currency: "usd", source: prices.source(of: coin, on: event.date),
      label: prices.label(of: coin, on: event.date))
  }

  /// One coin's fair value: the row's own, else 1 USD a stablecoin, else its daily price (the
  /// price chain's).
  private mutating func fairValue(of amount: ImportedAmount, _ event: ImportedEvent) -> Value? {
    event.value.flatMap(ownValue) ?? stablecoinValue(amount) ?? dailyPriceValue(amount, event)
  }
}
