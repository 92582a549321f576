import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a change to some coins' transactions moves their realized gains, tax year by tax year,
/// under one set of rules (`2024: BTC gain $1,020.00 → $1,410.00 (2 sales; US rules, FIFO,
/// universal)`).
///
/// Every rule set matches each coin on its own (lots, share matching, first in, first out), so
/// a change to one coin moves no other coin's figures: only the changed coins are matched,
/// before and after — two small ledgers, not the whole portfolio's twice.
public struct GainsChange: Sendable {
  /// One coin's tax year whose realized figures moved.
  public struct Year: Sendable, Equatable {
    /// The coin's CoinGecko id.
    public var coin: String
    /// The tax year, named by the year it begins in.
    public var year: Int
    /// Its name: `2024`, or `2024/25` by the UK's rules.
    public var label: String
    /// The coin's gain in the year before (net of losses; by Germany's rules the § 23 result,
    /// the lots held one year or less); `nil` when unknown or none.
    public var before: Decimal?
    /// The coin's gain in the year after.
    public var after: Decimal?
    /// The number of sales (by the UK's rules, disposals) in the year, after.
    public var sales: Int
  }

  /// The years whose figures moved, by coin (as `coins` lists them), then oldest first.
  public let years: [Year]

  /// The years in which the realized gains of `coins` differ between `old` and `new` by
  /// `rules` (their currency, zone and matching), converting with `rates`.
  public init(
    from old: Portfolio, to new: Portfolio, coins: [String], rules: TaxRules, rates: CurrencyRates
  ) {
    var years: [Year] = []
    for coin in coins {
      let before = Self.figures(of: old.holding(id: coin), rules: rules, rates: rates)
      let after = Self.figures(of: new.holding(id: coin), rules: rules, rates: rates)
      for year in Set(before.keys).union(after.keys).sorted() {
        let (was, now) = (before[year], after[year])
        guard was?.gain != now?.gain || was?.sales != now?.sales else { continue }
        years.append(
          Year(
            coin: coin, year: year, label: now?.label ?? was?.label ?? String(year),
            before: was?.gain, after: now?.gain, sales: now?.sales ?? 0))
      }
    }
    self.years = years
  }

  /// One coin's gain and number of sales per tax year by `rules`.
  static func figures(of holding: Holding?, rules: TaxRules, rates: CurrencyRates)
    -> [Int: (label: String, gain: Decimal?, sales: Int)]
  {
    guard let holding else { return [:] }
    var figures: [Int: (label: String, gain: Decimal?, sales: Int)] = [:]
    switch rules.matching {
    case .lots(let method, let scope, _):
      let ledgers = LedgerBuilder.ledgers(
        of: [(holding, nil)], in: rules.currency, method: method, rates: rates, scope: scope)
      let statement = GainsStatement(
        ledgers: ledgers, order: GainsStatement.order(of: ledgers, year: nil),
        currency: rules.currency, method: method)
      let counts = Dictionary(grouping: statement.sales) { GainsYear.year(of: $0.sale.date) }
      for year in statement.years where figures[year.year] == nil {
        figures[year.year] = (String(year.year), year.gain, counts[year.year]?.count ?? 0)
      }
    case .shareMatching:
      let report = UKTaxReport(
        holdings: [holding], currency: rules.currency, rates: rates, zone: rules.zone)
      for year in report.years where !year.disposals.isEmpty {
        figures[year.year] = (
          year.label, year.figures.unknown > 0 ? nil : year.figures.net, year.figures.disposals
        )
      }
    case .firstInFirstOutOneYear(let scope):
      let report = GermanTaxReport(
        holdings: [holding], currency: rules.currency, rates: rates, zone: rules.zone,
        scope: scope)
      for year in report.years where !year.sales.isEmpty {
        figures[year.year] = (String(year.year), year.cryptoResult, year.sales.count)
      }
    }
    return figures
  }
}
