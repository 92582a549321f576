#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The part of a UK disposal one rule matched: how many coins, at what allowable cost, and
/// (for the same-day and 30-day rules) the day of the acquisitions they were matched with.
public struct ShareMatch: Sendable, Equatable {
  /// The rule.
  public var rule: ShareMatchingRule
  /// Coins matched, exact.
  public var amount: Decimal
  /// Their allowable cost (the acquisitions' share, fees included; the pool's average cost),
  /// exact; `nil` when an acquisition's cost is unknown.
  public var cost: Decimal?
  /// The local day the matched acquisitions were made on (same-day and 30-day rules); `nil`
  /// for the pool.
  public var acquiredDay: Int?
  /// Whether that cost stands on a figure converted at today's rate (the day's was out of
  /// reach): a matched acquisition's, or one in the pool.
  public var atTodaysRate: Bool

  /// Each member as given.
  public init(
    rule: ShareMatchingRule, amount: Decimal, cost: Decimal?, acquiredDay: Int? = nil,
    atTodaysRate: Bool = false
  ) {
    self.atTodaysRate = atTodaysRate
    self.rule = rule
    self.amount = amount
    self.cost = cost
    self.acquiredDay = acquiredDay
  }
}
