#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The capital gains of a portfolio by the UK's rules: every coin matched by HMRC's share
/// matching (``ShareMatching``) in pounds (or the currency asked for) on London's local days,
/// and a report per tax year.
public struct UKTaxReport: Sendable, Equatable {
  /// The currency of every figure.
  public var currency: String
  /// Every disposal, by day then coin.
  public var disposals: [UKDisposal]
  /// The tax years from the first with an event to the last, oldest first.
  public var years: [UKTaxYear]
  /// Currencies no rate was known for: figures in them are unknown.
  public var missingRates: Set<String>

  /// The report of `holdings` in `currency`, converting with `rates`, on `zone`'s days;
  /// `lossesBroughtForward` are losses from years before the history; with `provenance`, each
  /// disposal says how its sales' figures were had (``UKDisposal/provenance``), which only a
  /// report that shows it needs. Each coin is matched on its own, so `spread` may match them
  /// on several cores.
  public init(
    holdings: [Holding], currency: String = "gbp", rates: CurrencyRates = CurrencyRates(),
    zone: TaxZone = .europeLondon, lossesBroughtForward: Decimal = 0, provenance: Bool = false,
    spread: any WorkSpread = OneCore()
  ) {
    let calendar = TaxYearCalendar.fromSixthOfApril
    let coins = spread.map(
      holdings, weight: { $0.transactions.count }, threshold: LedgerBuilder.manyTransactions
    ) { holding in
      var missing = Set<String>()
      let events = TaxEvent.events(
        of: holding, in: currency, rates: rates, zone: zone, missing: &missing,
        provenance: provenance)
      let matched = ShareMatching.match(events, coin: holding.id, calendar: calendar)
      return (matched: matched, missing: missing)
    }
    var missing = Set<String>()
    var disposals: [UKDisposal] = []
    var poolsByCoin: [(coin: String, pools: [Int: Section104Pool])] = []
    for (holding, coin) in zip(holdings, coins) {
      missing.formUnion(coin.missing)
      disposals += coin.matched.disposals
      poolsByCoin.append((holding.id, coin.matched.pools))
    }
    disposals.sort { ($0.day, $0.coin) < ($1.day, $1.coin) }
    let eventYears = poolsByCoin.flatMap { $0.pools.keys }.filter { $0 != Int.min }
    var years: [UKTaxYear] = []
    if let first = eventYears.min(), let last = eventYears.max() {
      // Sorted by day, each tax year's disposals are one run; each year's figures are its
      // own, a large history's made on every core.
      let sorted = disposals
      let runs = calendar.runs(of: sorted.count) { sorted[$0].day }
      let inYears = spread.map(
        Array(first...last), weight: { runs[$0]?.count ?? 0 },
        threshold: LedgerBuilder.manyTransactions
      ) { year in
        let inYear = runs[year].map { Array(sorted[$0]) } ?? []
        let figures = Self.figures(year, inYear, currency: currency)
        return (disposals: inYear, figures: figures.whole, split: figures.split)
      }
      var carried = ExactDecimal(lossesBroughtForward)
      for (year, inYear) in zip(first...last, inYears) {
        let pools = poolsByCoin.compactMap { coin, pools -> UKPoolState? in
          guard let latest = pools.keys.filter({ $0 != Int.min && $0 <= year }).max() else {
            return nil
          }
          return UKPoolState(coin: coin, pool: pools[latest]!)
        }
        years.append(
          Self.year(
            year, inYear.disposals, figures: inYear.figures, split: inYear.split,
            broughtForward: &carried, pools: pools, calendar: calendar))
      }
    }
    self.currency = currency.lowercased()
    self.disposals = disposals
    self.years = years
    self.missingRates = missing
  }

  /// Tax year `year` of `disposals`; `broughtForward` is the losses brought in, then those
  /// carried on.
  static func year(
    _ year: Int, _ disposals: [UKDisposal], currency: String,
    broughtForward: inout ExactDecimal, pools: [UKPoolState], calendar: TaxYearCalendar
  ) -> UKTaxYear {
    let figures = Self.figures(year, disposals, currency: currency)
    return Self.year(
      year, disposals, figures: figures.whole, split: figures.split,
      broughtForward: &broughtForward, pools: pools, calendar: calendar)
  }

  /// The SA108 figures of tax year `year`'s `disposals`: the whole year's, and for 2024/25
  /// those before 30 October 2024 and on or after it.
  static func figures(_ year: Int, _ disposals: [UKDisposal], currency: String) -> (
    whole: SA108Figures, split: (SA108Figures, SA108Figures)?
  ) {
    let figures = SA108Figures(disposals, currency: currency)
    guard year == 2024 else { return (figures, nil) }
    let before = disposals.filter { $0.day < UKTaxYear.ratesChanged2024 }
    let after = disposals.filter { $0.day >= UKTaxYear.ratesChanged2024 }
    return (
      figures,
      (SA108Figures(before, currency: currency), SA108Figures(after, currency: currency))
    )
  }

  /// Tax year `year` of `disposals` with their SA108 `figures` (and 2024/25's `split`);
  /// `broughtForward` is the losses brought in, then those carried on.
  static func year(
    _ year: Int, _ disposals: [UKDisposal], figures: SA108Figures,
    split: (SA108Figures, SA108Figures)?, broughtForward: inout ExactDecimal,
    pools: [UKPoolState], calendar: TaxYearCalendar
  ) -> UKTaxYear {
    let exempt = UKTaxYear.annualExemptAmount(year)
    let allowance = exempt.map(ExactDecimal.init) ?? .zero
    // The year's own losses are all used against its gains; losses brought forward only bring
    // what is left down to the annual exempt amount.
    let net = ExactDecimal(figures.net)
    let broughtIn = broughtForward
    var used = ExactDecimal.zero
    if net > allowance { used = min(broughtIn, net - allowance) }
    let taxable = max(.zero, net - allowance - used)
    broughtForward = broughtIn - used + (net < .zero ? -net : .zero)
    return UKTaxYear(
      year: year, label: calendar.label(year), disposals: disposals, figures: figures,
      split: split, annualExemptAmount: exempt, lossesBroughtForward: broughtIn.decimal,
      lossesUsed: used.decimal, lossesCarriedForward: broughtForward.decimal,
      taxableGain: taxable.decimal, pools: pools)
  }
}
