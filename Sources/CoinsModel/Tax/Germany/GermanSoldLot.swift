#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The part of a German sale taken from one lot (first in, first out within the wallet), with
/// the days it was held and whether it is tax-free. Figures exact, in euros.
public struct GermanSoldLot: Sendable, Equatable {
  /// The id of the buy or transfer in the coins came from (through any moves).
  public var acquiredID: String
  /// The local day (Berlin) they were acquired on; `nil` for an undated version-1 lot.
  public var acquiredDay: Int?
  /// Coins taken.
  public var amount: Decimal
  /// Their share of the sale's proceeds (after its fee); `nil` when unknown.
  public var proceeds: Decimal?
  /// What they cost (their purchase's fee included); `nil` when unknown.
  public var cost: Decimal?
  /// Local days from acquisition to sale; `nil` when undated.
  public var daysHeld: Int?
  /// Whether they were held more than one year (``GermanHoldingPeriod``); an undated lot is
  /// not (its holding period cannot be shown).
  public var taxFree: Bool
  /// How its acquisition's price (its cost) and fee were had and converted; `nil` when not
  /// worked out (the ledger works it out for every acquisition converted at today's rate).
  @Indirect public var provenance: FigureProvenance?

  /// Each member as given.
  public init(
    acquiredID: String, acquiredDay: Int?, amount: Decimal, proceeds: Decimal?, cost: Decimal?,
    daysHeld: Int?, taxFree: Bool, provenance: FigureProvenance? = nil
  ) {
    self.provenance = provenance
    self.acquiredID = acquiredID
    self.acquiredDay = acquiredDay
    self.amount = amount
    self.proceeds = proceeds
    self.cost = cost
    self.daysHeld = daysHeld
    self.taxFree = taxFree
  }

  /// Whether its acquisition's price or fee was converted at today's rate (the day's was out
  /// of reach), as its provenance says.
  public var atTodaysRate: Bool { provenance?.atTodaysRate == true }

  /// Proceeds minus cost, when both are known.
  public var gain: Decimal? {
    guard let proceeds, let cost else { return nil }
    return (ExactDecimal(proceeds) - ExactDecimal(cost)).decimal
  }
}
