#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sale explained by Germany's rules (`coins portfolio explain --rules de`): the lots it
/// took first in, first out within its wallet, each with its one-year period, the days held and
/// whether it is taxable or tax-free; figures as `gains --rules de` shows them (each lot
/// rounded to the cent, the sale's totals the sums of its lots).
public struct GermanSaleExplanation: Sendable, Equatable {
  /// The sale, exact, from the rules' own matching.
  public var sale: GermanSale
  /// The currency of every figure.
  public var currency: String
  /// The day boundary's name: `Europe/Berlin`.
  public var zone: String
  /// Which lots the sale could take: per wallet by default.
  public var scope: CostBasisScope
  /// The lots, oldest first.
  public var lots: [ExplainedGermanLot]

  /// Each member as given.
  public init(
    sale: GermanSale, currency: String, zone: String, scope: CostBasisScope,
    lots: [ExplainedGermanLot]
  ) {
    self.sale = sale
    self.currency = currency
    self.zone = zone
    self.scope = scope
    self.lots = lots
  }

  /// The proceeds of every lot (after the sale's fee): the sum of the rounded lots'; `nil`
  /// when one is unknown.
  public var proceeds: Decimal? { sum(lots.map(\.proceeds)) }
  /// What every lot cost: the sum of the rounded lots'.
  public var cost: Decimal? { sum(lots.map(\.cost)) }
  /// The gain or loss of the taxable lots (held one year or less): the § 23 result.
  public var taxableGain: Decimal? { sum(lots.filter { !$0.lot.taxFree }.map(\.gain)) }
  /// The gain or loss of the lots held more than one year: tax-free.
  public var taxFreeGain: Decimal? { sum(lots.filter(\.lot.taxFree).map(\.gain)) }

  private func sum(_ figures: [Decimal?]) -> Decimal? {
    var total = ExactDecimal.zero
    for figure in figures {
      guard let figure else { return nil }
      total += ExactDecimal(figure)
    }
    return total.decimal
  }
}

/// One lot of a German sale, with its one-year period and its figures rounded to the cent.
public struct ExplainedGermanLot: Sendable, Equatable {
  /// The lot, exact.
  public var lot: GermanSoldLot
  /// Whether the coins came by a buy or a transfer in.
  public var acquiredKind: TransactionKind
  /// The wallet they were acquired in.
  public var acquiredWallet: String
  /// The local day its one-year period ends (``GermanHoldingPeriod/end(acquired:)``); `nil`
  /// undated.
  public var periodEnds: Int?
  /// Its share of the sale's proceeds, rounded; `nil` when unknown.
  public var proceeds: Decimal?
  /// What it cost, rounded; `nil` when unknown.
  public var cost: Decimal?
  /// Its gain, rounded from the exact gain; `nil` when unknown.
  public var gain: Decimal?
  /// The moves that carried it to the sale's wallet, oldest first.
  public var moves: [MoveStep]

  /// Each member as given.
  public init(
    lot: GermanSoldLot, acquiredKind: TransactionKind, acquiredWallet: String, periodEnds: Int?,
    proceeds: Decimal?, cost: Decimal?, gain: Decimal?, moves: [MoveStep]
  ) {
    self.lot = lot
    self.acquiredKind = acquiredKind
    self.acquiredWallet = acquiredWallet
    self.periodEnds = periodEnds
    self.proceeds = proceeds
    self.cost = cost
    self.gain = gain
    self.moves = moves
  }
}
