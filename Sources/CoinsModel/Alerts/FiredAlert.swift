#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An alert that fired at a check: the rule (in its new state) and what was seen.
public struct FiredAlert: Sendable, Equatable {
  /// The rule, already marked fired.
  public var rule: AlertRule
  /// The value that crossed the line: a price, the portfolio's value, or a change in percent.
  public var value: Double
  /// The coin's price at the check (for a move, the price beside the change); the value for
  /// the portfolio.
  public var price: Double?
  /// The time of the data that fired it.
  public var at: Date

  /// Creates a fired alert.
  public init(rule: AlertRule, value: Double, price: Double?, at: Date) {
    self.rule = rule
    self.value = value
    self.price = price
    self.at = at
  }
}
