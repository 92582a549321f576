#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sale explained by the UK's rules (`coins portfolio explain --rules uk`): the disposal it
/// is part of (all of the coin's sales that local day are one), what each share matching rule
/// matched at what cost, and the disposal's figures as `gains --rules uk` shows them.
///
/// Money is rounded to the currency's minor unit: proceeds, allowable costs and gain as the
/// report rounds them; the fees and each match's cost shared out so that they add up to the
/// allowable costs exactly (each rounded on its own, the last match taking what is left).
public struct UKSaleExplanation: Sendable, Equatable {
  /// The sale asked about.
  public var transactionID: String
  /// The disposal, exact, from the rules' own matching.
  public var disposal: UKDisposal
  /// The currency of every figure.
  public var currency: String
  /// The day boundary's name: `Europe/London`.
  public var zone: String
  /// Disposal proceeds, before the fees, rounded; `nil` when unknown.
  public var proceeds: Decimal?
  /// The sales' fees, rounded (their share of the allowable costs); `nil` when unknown.
  public var fees: Decimal?
  /// Allowable costs, rounded; `nil` when unknown.
  public var allowableCost: Decimal?
  /// The gain (negative: a loss), rounded from the exact gain; `nil` when unknown.
  public var gain: Decimal?
  /// What each rule matched, in the order the rules apply.
  public var matches: [ExplainedMatch]

  /// Each member as given.
  public init(
    transactionID: String, disposal: UKDisposal, currency: String, zone: String,
    proceeds: Decimal?, fees: Decimal?, allowableCost: Decimal?, gain: Decimal?,
    matches: [ExplainedMatch]
  ) {
    self.transactionID = transactionID
    self.disposal = disposal
    self.currency = currency
    self.zone = zone
    self.proceeds = proceeds
    self.fees = fees
    self.allowableCost = allowableCost
    self.gain = gain
    self.matches = matches
  }
}

/// One rule's part of a UK disposal: the coins it matched, their cost (rounded, shared out),
/// and what they were matched with — the acquisitions of a day (same day, 30 days) or the
/// section 104 pool as it stood at that moment.
public struct ExplainedMatch: Sendable, Equatable {
  /// The rule and its exact figures.
  public var match: ShareMatch
  /// Its cost rounded and shared out; `nil` when unknown.
  public var cost: Decimal?
  /// The ids of the acquisitions of ``ShareMatch/acquiredDay`` (one acquisition by the
  /// same-day rule), in the order made; empty for the pool.
  public var acquisitionIDs: [String]
  /// The section 104 pool just before this disposal took from it; `nil` for the other rules.
  public var pool: Section104Pool?

  /// Each member as given.
  public init(
    match: ShareMatch, cost: Decimal?, acquisitionIDs: [String] = [], pool: Section104Pool? = nil
  ) {
    self.match = match
    self.cost = cost
    self.acquisitionIDs = acquisitionIDs
    self.pool = pool
  }
}
