#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The part of a sale taken from one lot: when and by which transaction those coins were
/// acquired, how many, and their share of the sale's proceeds and of the lot's cost, exact.
public struct SoldLot: Sendable, Equatable {
  /// The id of the buy or transfer in the lot is left of.
  public var acquiredID: String
  /// When the lot was acquired; `nil` for an undated version-1 lot.
  public var acquired: Date?
  /// Coins taken from the lot.
  public var amount: Decimal
  /// The sale's proceeds for these coins (the sale's × amount ÷ the amount sold); `nil` when
  /// the sale's are unknown.
  public var proceeds: Decimal?
  /// What these coins cost (the lot's cost × amount ÷ the lot's amount); `nil` when unknown.
  public var costBasis: Decimal?
  /// How the acquisition's price (the lot's cost) was had and converted into the ledger's
  /// currency; `nil` when not known.
  @Indirect public var provenance: FigureProvenance?

  /// Creates a sold lot.
  public init(
    acquiredID: String, acquired: Date?, amount: Decimal, proceeds: Decimal?,
    costBasis: Decimal?, provenance: FigureProvenance? = nil
  ) {
    self.provenance = provenance
    self.acquiredID = acquiredID
    self.acquired = acquired
    self.amount = amount
    self.proceeds = proceeds
    self.costBasis = costBasis
  }

  /// Proceeds minus cost basis, when both are known.
  public var gain: Decimal? {
    guard let proceeds, let costBasis else { return nil }
    return (ExactDecimal(proceeds) - ExactDecimal(costBasis)).decimal
  }
}
