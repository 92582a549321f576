#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds a ``TransactionExplanation`` from the ledger the gains report uses: the same
/// currency, method, scope and rates, so the figures are the report's.
///
/// A sale's lots are rounded to the currency's minor unit each, but shared out: every lot but
/// the last shows its own figure rounded, the last what is left of the sale's rounded figure, so
/// the lots' proceeds, cost bases and gains add up to the sale's exactly. The holding period is
/// the US rule's (``LongTermRule/afterAnniversary``).
public struct ExplanationBuilder: Sendable {
  /// The currency of the figures.
  public var currency: String
  /// How sold coins are costed.
  public var method: CostBasisMethod
  /// Which lots a sale takes.
  public var scope: CostBasisScope
  /// The exchange rates for other currencies.
  public var rates: CurrencyRates

  /// Each member as given.
  public init(
    currency: String, method: CostBasisMethod, scope: CostBasisScope,
    rates: CurrencyRates = CurrencyRates()
  ) {
    (self.currency, self.method, self.scope, self.rates) =
      (currency.lowercased(), method, scope, rates)
  }

  /// The explanation of transaction `id`; `nil` when the portfolio has none of that id.
  public func explain(_ id: String, in portfolio: Portfolio) -> TransactionExplanation? {
    guard let (coin, transaction) = portfolio.transaction(id: id),
      let holding = portfolio.holdings.first(where: { $0.id == coin })
    else { return nil }
    switch transaction.kind {
    case .sell:
      return .sale(sale(transaction, in: holding))
    case .transferIn where transaction.isIncome:
      return .income(income(transaction, coin: coin))
    case .buy, .transferIn:
      let ledger = LedgerBuilder.ledger(
        of: holding, in: currency, method: method, rates: rates, scope: scope)
      let taken = ledger.realized.flatMap { sale in
        sale.lots.filter { $0.acquiredID == id }.map {
          (sale: sale.transactionID, amount: $0.amount)
        }
      }
      return .acquisition(
        AcquisitionExplanation(
          transactionID: id, kind: transaction.kind, coin: coin, date: transaction.date,
          amount: transaction.amount, takenBy: taken))
    case .transferOut:
      let arrival = holding.moves[id].map { holding.transactions[$0].id }
      return .transferOut(
        id: id, coin: coin, amount: transaction.amount, date: transaction.date, movedTo: arrival)
    }
  }

  func sale(_ transaction: Transaction, in holding: Holding) -> SaleExplanation {
    let ledger = LedgerBuilder.ledger(
      of: holding, in: currency, method: method, rates: rates, scope: scope)
    let digits = MinorUnit.digits(of: currency)
    let realized =
      ledger.realized.first { $0.transactionID == transaction.id }
      ?? RealizedGain(
        transactionID: transaction.id, coin: holding.id, amount: transaction.amount, fee: 0)
    let figures = SaleFigures(realized, in: currency, rule: .afterAnniversary)
    let proceeds = Self.sharedOut(figures.proceeds, realized.lots.map(\.proceeds), digits)
    let bases = Self.sharedOut(figures.costBasis, realized.lots.map(\.costBasis), digits)
    let gains = Self.sharedOut(figures.gain, realized.lots.map(\.gain), digits)
    let byID = Dictionary(
      holding.transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let lots = realized.lots.enumerated().map { index, lot in
      let source = byID[lot.acquiredID]
      let fee = source?.fee ?? 0
      let acquiredAmount = source?.amount ?? lot.amount
      let priceCurrency = source?.priceCurrency ?? currency
      let anniversary = lot.acquired.map {
        Date(
          timeIntervalSince1970: Double(HoldingPeriod.anniversary(of: HoldingPeriod.day(of: $0)))
            * 86_400)
      }
      return ExplainedLot(
        acquiredID: lot.acquiredID, acquiredKind: source?.kind ?? .buy,
        acquiredWallet: source?.wallet ?? transaction.wallet, acquired: lot.acquired,
        amount: lot.amount, acquiredAmount: acquiredAmount, price: source?.price,
        priceCurrency: priceCurrency, priceSource: source?.priceSource,
        feeShare: acquiredAmount == 0
          ? fee
          : (ExactDecimal(fee) * ExactDecimal(lot.amount)).divided(
            by: ExactDecimal(acquiredAmount))?.decimal ?? fee,
        feeCurrency: source?.feeCurrencyOrDefault ?? priceCurrency,
        conversion: rate(from: priceCurrency, on: lot.acquired),
        proceeds: proceeds[index], costBasis: bases[index], gain: gains[index],
        firstYearEnds: anniversary,
        term: HoldingPeriod.term(
          acquired: lot.acquired, sold: transaction.date, rule: .afterAnniversary),
        moves: source.map { moves(of: $0, to: transaction, in: holding) } ?? [])
    }
    return SaleExplanation(
      transactionID: transaction.id, coin: holding.id, wallet: transaction.wallet,
      date: transaction.date, amount: transaction.amount, price: transaction.price,
      priceCurrency: transaction.priceCurrency, priceSource: transaction.priceSource,
      currency: currency, method: method, scope: scope,
      conversion: rate(from: transaction.priceCurrency, on: transaction.date),
      proceeds: figures.proceeds, fee: figures.fee, costBasis: figures.costBasis,
      gain: figures.gain, lots: lots)
  }

  func income(_ transaction: Transaction, coin: String) -> IncomeExplanation {
    let value = transaction.price.map {
      (ExactDecimal(transaction.amount) * ExactDecimal($0)).decimal
    }
    let conversion = rate(from: transaction.priceCurrency, on: transaction.date)
    let converted = value.flatMap {
      rates.convert($0, from: transaction.priceCurrency, to: currency, on: transaction.date)?.value
    }
    return IncomeExplanation(
      transactionID: transaction.id, coin: coin, date: transaction.date,
      amount: transaction.amount, price: transaction.price,
      priceCurrency: transaction.priceCurrency, value: value,
      valueInCurrency: converted.map {
        MoneyRounding.rounded($0, digits: MinorUnit.digits(of: currency))
      },
      currency: currency, conversion: conversion, priceSource: transaction.priceSource)
  }

  /// The rate from `source` into the report's currency on `date`'s day; `nil` when they match.
  func rate(from source: String, on date: Date?) -> RateUsed? {
    guard source.lowercased() != currency else { return nil }
    let conversion = rates.convert(1, from: source, to: currency, on: date)
    return RateUsed(
      from: source.lowercased(), to: currency, rate: conversion?.value,
      day: conversion?.atTodaysRate == true ? nil : date,
      atTodaysRate: conversion?.atTodaysRate ?? false)
  }

  /// The moves, oldest first, that took coins from `acquisition`'s wallet to `sale`'s between
  /// the two; empty when they are in the same wallet.
  func moves(of acquisition: Transaction, to sale: Transaction, in holding: Holding)
    -> [MoveStep]
  {
    var wallet = acquisition.wallet
    var steps: [MoveStep] = []
    let pairs = holding.moves
    for transaction in holding.chronological where wallet != sale.wallet {
      guard transaction.kind == .transferOut, transaction.wallet == wallet,
        let arrival = pairs[transaction.id].map({ holding.transactions[$0] })
      else { continue }
      if let acquired = acquisition.date, let left = transaction.date, left < acquired { continue }
      if let sold = sale.date, let left = transaction.date, left > sold { break }
      steps.append(
        MoveStep(
          outID: transaction.id, inID: arrival.id, from: wallet, to: arrival.wallet,
          date: transaction.date))
      wallet = arrival.wallet
    }
    return wallet == sale.wallet ? steps : []
  }

  /// Each part rounded to `digits` on its own but the last, which takes what is left of
  /// `total` (already rounded); each part rounded on its own when `total` is unknown.
  package static func sharedOut(_ total: Decimal?, _ parts: [Decimal?], _ digits: Int)
    -> [Decimal?]
  {
    let rounded = parts.map { $0.map { MoneyRounding.rounded($0, digits: digits) } }
    guard let total, !parts.isEmpty, rounded.allSatisfy({ $0 != nil }) else { return rounded }
    let others = rounded.dropLast().reduce(ExactDecimal.zero) { $0 + ExactDecimal($1 ?? 0) }
    return Array(rounded.dropLast()) + [(ExactDecimal(total) - others).decimal]
  }
}
