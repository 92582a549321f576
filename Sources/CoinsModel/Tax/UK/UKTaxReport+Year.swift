#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UKTaxReport {
  /// Tax year `year` (named by the year it begins in): the report's own, or an empty one — a
  /// year before the history has no disposals, pools or losses; one after it keeps the last
  /// year's pools and the losses carried on.
  public func year(_ year: Int) -> UKTaxYear {
    if let known = years.first(where: { $0.year == year }) { return known }
    let calendar = TaxYearCalendar.fromSixthOfApril
    let last = years.last.flatMap { $0.year < year ? $0 : nil }
    var carried = ExactDecimal(last?.lossesCarriedForward ?? 0)
    return Self.year(
      year, [], currency: currency, broughtForward: &carried, pools: last?.pools ?? [],
      calendar: calendar)
  }
}
