#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A portfolio's gains by one rule set, as that set reports them.
public enum TaxReport: Sendable, Equatable {
  /// The US: the sales and their lots, and per year Form 8949's rows by box and Schedule D's
  /// totals.
  case us(statement: GainsStatement, years: [ScheduleDYear])
  /// The UK: disposals by HMRC's share matching and the SA108 figures per tax year.
  case uk(UKTaxReport)
  /// Germany: sales taxable or tax-free and the Anlage SO figures per year.
  case de(GermanTaxReport)
}
