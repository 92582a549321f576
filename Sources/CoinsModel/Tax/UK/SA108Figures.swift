#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The figures the SA108 capital gains pages ask for cryptoassets, for a tax year or part of
/// one: each disposal's figure rounded to the currency's minor unit once, and the totals the
/// sums of those (a disposal whose figures are unknown is counted and left out of the sums).
public struct SA108Figures: Sendable, Equatable {
  /// Number of disposals (a coin's sales on one day are one).
  public var disposals: Int
  /// Disposal proceeds, before the sales' fees.
  public var proceeds: Decimal
  /// Allowable costs, the sales' fees included.
  public var allowableCosts: Decimal
  /// Gains in the year, before losses: the sum of the disposals that gained.
  public var gains: Decimal
  /// Losses in the year, as a positive figure: the sum of the disposals that lost.
  public var losses: Decimal
  /// Disposals whose proceeds or costs are unknown (left out of the sums).
  public var unknown: Int

  /// Each member as given.
  public init(
    disposals: Int = 0, proceeds: Decimal = 0, allowableCosts: Decimal = 0, gains: Decimal = 0,
    losses: Decimal = 0, unknown: Int = 0
  ) {
    self.disposals = disposals
    self.proceeds = proceeds
    self.allowableCosts = allowableCosts
    self.gains = gains
    self.losses = losses
    self.unknown = unknown
  }

  /// The figures of `disposals`, rounded per disposal to `currency`'s minor unit.
  public init(_ disposals: [UKDisposal], currency: String) {
    let digits = MinorUnit.digits(of: currency)
    var (proceeds, costs, gains, losses) = (
      ExactDecimal.zero, ExactDecimal.zero, ExactDecimal.zero, ExactDecimal.zero
    )
    var unknown = 0
    for disposal in disposals {
      let (allowableCost, gain) = disposal.costAndGain
      guard let gross = disposal.proceeds, let cost = allowableCost, let gain else {
        unknown += 1
        continue
      }
      proceeds += MoneyRounding.rounded(ExactDecimal(gross), digits: digits)
      costs += MoneyRounding.rounded(ExactDecimal(cost), digits: digits)
      let rounded = MoneyRounding.rounded(ExactDecimal(gain), digits: digits)
      if rounded > .zero { gains += rounded } else { losses -= rounded }
    }
    self.init(
      disposals: disposals.count, proceeds: proceeds.decimal, allowableCosts: costs.decimal,
      gains: gains.decimal, losses: losses.decimal, unknown: unknown)
  }

  /// Gains minus losses.
  public var net: Decimal { (ExactDecimal(gains) - ExactDecimal(losses)).decimal }
}
