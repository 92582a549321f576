#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One disposal by the UK's rules: all of a coin's sales on one local day, as one (HMRC's
/// same-day rule), with what each rule matched. Figures exact, in the rules' currency.
public struct UKDisposal: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The local day (London) of the sales.
  public var day: Int
  /// The sales' transaction ids, in the order made.
  public var transactionIDs: [String]
  /// Coins disposed of.
  public var amount: Decimal
  /// Disposal proceeds: amount × price, before the sales' fees; `nil` when unknown.
  public var proceeds: Decimal?
  /// The sales' fees (which count in allowable costs); `nil` when a rate is unknown.
  public var fees: Decimal?
  /// What each rule matched, in the order they apply; their amounts add up to ``amount``.
  public var matches: [ShareMatch]
  /// How each sale's price and fee were had and converted, in the order of
  /// ``transactionIDs`` (`nil` where not worked out); empty when none was.
  public var provenance: [FigureProvenance?]
  /// Whether a figure of it was converted at today's rate (the day's was out of reach): a
  /// sale's price or fee, or the cost of what a rule matched (``ShareMatch/atTodaysRate``).
  public var atTodaysRate: Bool

  /// Each member as given.
  public init(
    coin: String, day: Int, transactionIDs: [String], amount: Decimal, proceeds: Decimal?,
    fees: Decimal?, matches: [ShareMatch], provenance: [FigureProvenance?] = [],
    atTodaysRate: Bool = false
  ) {
    self.atTodaysRate = atTodaysRate
    self.provenance = provenance
    self.coin = coin
    self.day = day
    self.transactionIDs = transactionIDs
    self.amount = amount
    self.proceeds = proceeds
    self.fees = fees
    self.matches = matches
  }

  /// Allowable costs: the matched coins' costs and the sales' fees; `nil` when one is unknown.
  public var allowableCost: Decimal? {
    var total = ExactDecimal.zero
    for match in matches {
      guard let cost = match.cost else { return nil }
      total += ExactDecimal(cost)
    }
    guard let fees else { return nil }
    return (total + ExactDecimal(fees)).decimal
  }

  /// Proceeds minus allowable costs; `nil` when either is unknown.
  public var gain: Decimal? { costAndGain.gain }

  /// ``allowableCost`` and ``gain`` together, the costs summed once (a report shows both).
  public var costAndGain: (allowableCost: Decimal?, gain: Decimal?) {
    let cost = allowableCost
    guard let proceeds, let cost else { return (cost, nil) }
    return (cost, (ExactDecimal(proceeds) - ExactDecimal(cost)).decimal)
  }
}
