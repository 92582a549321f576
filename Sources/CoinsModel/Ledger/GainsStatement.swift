#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `coins portfolio gains` reports: the sales in one currency, oldest first, rounded to
/// the currency's minor unit, and each year's totals as the sums of the rows shown.
public struct GainsStatement: Sendable, Equatable {
  /// The currency of every figure.
  public var currency: String
  /// How sold coins were costed.
  public var method: CostBasisMethod
  /// When a lot counts as held long term.
  public var rule: LongTermRule
  /// The sales, in the order given.
  public var sales: [SaleFigures]
  /// One total per year, oldest first.
  public var years: [GainsYear]

  /// Whether a figure shown — a sale's proceeds or a lot's cost — was converted at today's
  /// rate (``FigureProvenance/atTodaysRate``).
  public var convertedAtTodaysRate: Bool {
    // By index: iterating would copy each sale and lot (retaining their strings), on one core.
    sales.indices.contains { index in
      sales[index].sale.provenance?.atTodaysRate == true
        || sales[index].lots.indices.contains { lot in
          sales[index].lots[lot].lot.provenance?.atTodaysRate == true
        }
    }
  }

  /// The coins sold, read in place (a copy of each sale would retain its lots and strings, on
  /// one core, for tens of thousands of sales).
  public var soldCoins: Set<String> {
    var coins = Set<String>()
    for index in sales.indices { coins.insert(sales[index].sale.coin) }
    return coins
  }

  /// The statement of `sales` (exact, from ``LedgerBuilder``) in `currency`, its figures
  /// worked out as `spread` runs them.
  public init(
    _ sales: [RealizedGain], currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary, spread: any WorkSpread
  ) {
    let digits = MinorUnit.digits(of: currency)
    let figures = spread.map(sales, weight: { 1 + $0.lots.count }, threshold: 10_000) {
      SaleFigures($0, digits: digits, rule: rule)
    }
    self.init(figures: figures, currency: currency, method: method, rule: rule, spread: spread)
  }

  /// The statement of the sales `order` picks from `ledgers` — each a ledger's index and the
  /// sale's place in its ``HoldingLedger/realized`` — in that order: each sale copied once,
  /// into its figures (a large history has tens of thousands), as `spread` runs them.
  public init(
    ledgers: [HoldingLedger], order: [(ledger: Int, sale: Int)], currency: String,
    method: CostBasisMethod, rule: LongTermRule = .afterAnniversary, spread: any WorkSpread
  ) {
    self.init(
      ledgers: ledgers,
      places: order.map {
        SalePlace(
          ledger: $0.ledger, sale: $0.sale, lots: ledgers[$0.ledger].realized[$0.sale].lots.count)
      }, currency: currency, method: method, rule: rule, spread: spread)
  }

  /// The statement of the sales at `places` among `ledgers`, in that order, each weighing its
  /// lots.
  init(
    ledgers: [HoldingLedger], places: [SalePlace], currency: String, method: CostBasisMethod,
    rule: LongTermRule, spread: any WorkSpread
  ) {
    let digits = MinorUnit.digits(of: currency)
    let figures = spread.map(places, weight: { 1 + $0.lots }, threshold: 10_000) {
      SaleFigures(ledgers[$0.ledger].realized[$0.sale], digits: digits, rule: rule)
    }
    self.init(figures: figures, currency: currency, method: method, rule: rule, spread: spread)
  }

  private init(
    figures: [SaleFigures], currency: String, method: CostBasisMethod, rule: LongTermRule,
    spread: any WorkSpread
  ) {
    self.currency = currency
    self.method = method
    self.rule = rule
    sales = figures
    years = GainsYear.totals(figures, method: method, spread: spread)
  }
}
