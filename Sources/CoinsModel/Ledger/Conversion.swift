#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An amount converted into another currency, and whether the rate was the day's own or only
/// today's (for a day the rates do not reach).
public struct Conversion: Sendable, Equatable {
  /// The converted amount.
  public var value: Decimal
  /// Whether it was converted at today's rate instead of the day's.
  public var atTodaysRate: Bool

  /// Creates a conversion.
  public init(value: Decimal, atTodaysRate: Bool) {
    self.value = value
    self.atTodaysRate = atTodaysRate
  }
}
