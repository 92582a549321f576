#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One price at one moment, as CoinGecko's histories give it: UNIX milliseconds and a price.
public struct PricePoint: Sendable, Equatable {
  /// The moment, in whole milliseconds since 1970 (exact, as in the API and in `--json`).
  public var milliseconds: Int64
  /// The price in the history's currency.
  public var price: Double

  /// Creates a point.
  public init(milliseconds: Int64, price: Double) {
    self.milliseconds = milliseconds
    self.price = price
  }

  /// The moment as a date.
  public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
