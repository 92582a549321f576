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
  /// Where the rate came from; `nil` when both currencies are the same (nothing converted).
  public var source: RateConversion.Source?
  /// The UTC day (days since 1970-01-01) whose rate was used; `nil` when not known.
  public var day: Int?

  /// Creates a conversion.
  public init(
    value: Decimal, atTodaysRate: Bool, source: RateConversion.Source? = nil, day: Int? = nil
  ) {
    self.value = value
    self.atTodaysRate = atTodaysRate
    self.source = source
    self.day = day
  }
}
