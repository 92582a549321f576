#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a rule set's report needs beyond the transactions: figures from outside the portfolio
/// and what the brokers' forms said.
public struct TaxSettings: Sendable, Equatable {
  /// Germany: each year's other § 23 results (gains positive, losses negative), which the
  /// Freigrenze counts with the coins' (`[tax.de_other_private_sales]`).
  public var otherPrivateSales: [Int: Decimal]
  /// The UK: losses brought forward from years before the history.
  public var lossesBroughtForward: Decimal
  /// The US: what the Forms 1099 reported, which picks the Form 8949 boxes.
  public var basisReporting: BasisReporting

  /// The settings; by default none from outside, and no basis reported.
  public init(
    otherPrivateSales: [Int: Decimal] = [:], lossesBroughtForward: Decimal = 0,
    basisReporting: BasisReporting = .notReported
  ) {
    self.otherPrivateSales = otherPrivateSales
    self.lossesBroughtForward = lossesBroughtForward
    self.basisReporting = basisReporting
  }
}
