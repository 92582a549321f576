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

  /// The statement of `sales` (exact, from ``LedgerBuilder``) in `currency`.
  public init(
    _ sales: [RealizedGain], currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary
  ) {
    self.currency = currency
    self.method = method
    self.rule = rule
    let digits = MinorUnit.digits(of: currency)
    self.sales = Parallel.map(sales, weight: { 1 + $0.lots.count }, threshold: 10_000) {
      SaleFigures($0, digits: digits, rule: rule)
    }
    years = GainsYear.totals(self.sales, method: method)
  }
}
