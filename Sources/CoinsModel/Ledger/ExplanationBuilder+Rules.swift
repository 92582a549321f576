#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ExplanationBuilder {
  /// The explanation of transaction `id` by `rules`: a sale by the UK's share matching or
  /// Germany's first in, first out with its one-year rule, from the same engines (and so the
  /// same figures) as `gains --rules uk|de`; any other transaction, or any under the US
  /// rules, as ``explain(_:in:)`` gives it. `nil` when the portfolio has no such transaction.
  public func explain(_ id: String, in portfolio: Portfolio, rules: TaxRules)
    -> TransactionExplanation?
  {
    guard let (coin, transaction) = portfolio.transaction(id: id),
      let holding = portfolio.holdings.first(where: { $0.id == coin })
    else { return nil }
    switch (rules.matching, transaction.kind) {
    case (.shareMatching, .sell):
      return .ukSale(ukSale(transaction, in: holding, zone: rules.zone))
    case (.firstInFirstOutOneYear(let scope), .sell):
      return .germanSale(germanSale(transaction, in: holding, zone: rules.zone, scope: scope))
    default:
      return explain(id, in: portfolio)
    }
  }

  /// The disposal `sale` is part of, matched by ``ShareMatching`` on `zone`'s days.
  func ukSale(_ sale: Transaction, in holding: Holding, zone: TaxZone) -> UKSaleExplanation {
    var missing = Set<String>()
    let events = TaxEvent.events(
      of: holding, in: currency, rates: rates, zone: zone, missing: &missing)
    let matched = ShareMatching.match(
      events, coin: holding.id, calendar: .fromSixthOfApril)
    let disposal =
      matched.disposals.first { $0.transactionIDs.contains(sale.id) }
      ?? UKDisposal(
        coin: holding.id, day: sale.date.map(zone.day(of:)) ?? Int.min,
        transactionIDs: [sale.id], amount: sale.amount, proceeds: nil, fees: nil, matches: [])
    let digits = MinorUnit.digits(of: currency)
    let rounded = { (value: Decimal?) in value.map { MoneyRounding.rounded($0, digits: digits) } }
    let allowable = rounded(disposal.allowableCost)
    // The fees first, then each match: the last match takes what is left of the allowable costs.
    let shared = Self.sharedOut(
      allowable, [disposal.fees] + disposal.matches.map(\.cost), digits)
    let acquisitions = Dictionary(
      grouping: events.filter { $0.kind == .acquisition }, by: \.day
    ).mapValues { $0.map(\.transactionID) }
    let matches = disposal.matches.enumerated().map { index, match in
      ExplainedMatch(
        match: match, cost: shared[index + 1],
        acquisitionIDs: match.acquiredDay.flatMap { acquisitions[$0] } ?? [],
        pool: match.rule == .section104 ? matched.poolsAtDisposal[disposal.day] : nil)
    }
    return UKSaleExplanation(
      transactionID: sale.id, disposal: disposal, currency: currency, zone: zone.name,
      proceeds: rounded(disposal.proceeds), fees: shared.first ?? nil, allowableCost: allowable,
      gain: rounded(disposal.gain), matches: matches)
  }

  /// `sale` as ``GermanTaxReport`` counts it: its wallet's lots first in, first out by `scope`.
  func germanSale(_ sale: Transaction, in holding: Holding, zone: TaxZone, scope: CostBasisScope)
    -> GermanSaleExplanation
  {
    let coin = GermanTaxReport.coin(holding, in: currency, rates: rates, zone: zone, scope: scope)
    let german =
      coin.sales.first { $0.transactionID == sale.id }
      ?? GermanSale(
        transactionID: sale.id, coin: holding.id, wallet: sale.wallet,
        day: sale.date.map(zone.day(of:)) ?? Int.min, amount: sale.amount, lots: [])
    let digits = MinorUnit.digits(of: currency)
    let rounded = { (value: Decimal?) in value.map { MoneyRounding.rounded($0, digits: digits) } }
    let byID = Dictionary(
      holding.transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let lots = german.lots.map { lot in
      let source = byID[lot.acquiredID]
      return ExplainedGermanLot(
        lot: lot, acquiredKind: source?.kind ?? .buy,
        acquiredWallet: source?.wallet ?? sale.wallet,
        periodEnds: lot.acquiredDay.map(GermanHoldingPeriod.end(acquired:)),
        proceeds: rounded(lot.proceeds), cost: rounded(lot.cost), gain: rounded(lot.gain),
        moves: source.map { moves(of: $0, to: sale, in: holding) } ?? [])
    }
    return GermanSaleExplanation(
      sale: german, currency: currency, zone: zone.name, scope: scope, lots: lots)
  }
}
