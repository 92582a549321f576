#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaxRules {
  /// The report of `holdings` by these rules, converting with `rates`, with `settings`; a
  /// statement's figures made as `spread` runs them. With `provenance`, each sale says how its
  /// figures were had (what the JSON shows and the text does not).
  public func report(
    of holdings: [Holding], rates: CurrencyRates = CurrencyRates(),
    settings: TaxSettings = TaxSettings(), provenance: Bool = false, spread: any WorkSpread
  ) -> TaxReport {
    switch matching {
    case .lots(let method, let scope, let longTerm):
      let sales = holdings.flatMap { holding in
        LedgerBuilder.ledger(
          of: holding, in: currency, method: method, rates: rates, scope: scope,
          provenance: provenance
        ).realized
      }
      // Oldest first; undated first; on one moment, in the holdings' order.
      let ordered = sales.indices.sorted {
        let (left, right) = (sales[$0].date ?? .distantPast, sales[$1].date ?? .distantPast)
        return left != right ? left < right : $0 < $1
      }.map { sales[$0] }
      let statement = GainsStatement(
        ordered, currency: currency, method: method, rule: longTerm, spread: spread)
      return .us(
        statement: statement,
        years: ScheduleDYear.years(of: statement, reporting: settings.basisReporting))
    case .shareMatching:
      return .uk(
        UKTaxReport(
          holdings: holdings, currency: currency, rates: rates, zone: zone,
          lossesBroughtForward: settings.lossesBroughtForward, provenance: provenance,
          spread: spread))
    case .firstInFirstOutOneYear(let scope):
      return .de(
        GermanTaxReport(
          holdings: holdings, currency: currency, rates: rates, zone: zone, scope: scope,
          otherPrivateSales: settings.otherPrivateSales, provenance: provenance, spread: spread))
    }
  }
}
