#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GermanTaxReport {
  /// Calendar year `year`: the report's own, or an empty one — no sales and no income; after
  /// the history, the losses still carried forward.
  public func year(_ year: Int) -> GermanTaxYear {
    if let known = years.first(where: { $0.year == year }) { return known }
    var empty = GermanTaxYear(
      year: year, sales: [], cryptoResult: 0, taxFreeResult: 0, otherPrivateSales: 0,
      freigrenze: GermanTaxYear.freigrenze(year), income: 0)
    if let last = years.last, last.year < year {
      empty.lossesCarriedForward = last.lossesCarriedForward
    }
    return empty
  }
}
