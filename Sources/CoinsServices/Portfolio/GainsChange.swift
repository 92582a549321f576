import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a change to the transactions moves each tax year's realized gains: the years whose
/// gain (or number of sales) differs, before and after, under one method and scope
/// (`2024: gain $1,020.00 → $1,410.00 (2 sales; FIFO, universal)`).
public struct GainsChange: Sendable {
  /// One tax year whose realized figures moved.
  public struct Year: Sendable, Equatable {
    /// The year (UTC).
    public var year: Int
    /// The year's gain before; `nil` when unknown (a sale of coins of unknown cost) or none.
    public var before: Decimal?
    /// The year's gain after.
    public var after: Decimal?
    /// The number of sales in the year, after.
    public var sales: Int
  }

  /// The years whose figures moved, oldest first.
  public let years: [Year]

  /// The years whose realized gain differs between `old` and `new`, in `currency` by `method`
  /// and `scope`.
  public init(
    from old: Portfolio, to new: Portfolio, currency: String, method: CostBasisMethod,
    scope: CostBasisScope, rates: CurrencyRates
  ) {
    func statement(_ portfolio: Portfolio) -> GainsStatement {
      let ledgers = LedgerBuilder.ledgers(
        of: portfolio.holdings.map { ($0, nil) }, in: currency, method: method, rates: rates,
        scope: scope)
      return GainsStatement(
        ledgers: ledgers, order: GainsStatement.order(of: ledgers, year: nil), currency: currency,
        method: method)
    }
    let before = statement(old)
    let after = statement(new)
    let counts = Dictionary(grouping: after.sales) { GainsYear.year(of: $0.sale.date) }
    let countsBefore = Dictionary(grouping: before.sales) { GainsYear.year(of: $0.sale.date) }
    let gainsBefore = Dictionary(before.years.map { ($0.year, $0) }) { first, _ in first }
    let gainsAfter = Dictionary(after.years.map { ($0.year, $0) }) { first, _ in first }
    years = Set(gainsBefore.keys).union(gainsAfter.keys).sorted().compactMap { year in
      let was = gainsBefore[year]
      let now = gainsAfter[year]
      guard was?.gain != now?.gain || counts[year]?.count != countsBefore[year]?.count else {
        return nil
      }
      return Year(year: year, before: was?.gain, after: now?.gain, sales: counts[year]?.count ?? 0)
    }
  }
}
