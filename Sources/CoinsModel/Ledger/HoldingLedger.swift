#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One holding's history worked through in one currency: what is held and at what cost, what
/// the sales realized, and the fees paid.
public struct HoldingLedger: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The currency of every figure.
  public var currency: String
  /// How sold coins were costed.
  public var method: CostBasisMethod
  /// Coins held now.
  public var amount: Decimal
  /// Of ``amount``, the coins whose cost is known.
  public var costedAmount: Decimal
  /// What the coins in ``costedAmount`` cost, fees included.
  public var costBasis: Decimal
  /// Every sale, in the order they count.
  public var realized: [RealizedGain]
  /// Fees paid on buys and sells.
  public var fees: Decimal
  /// Whether some figure was converted at today's rate (the day's was out of reach).
  public var convertedAtTodaysRate: Bool
  /// Currencies no rate was known for: figures in them are left out.
  public var missingRates: Set<String>

  /// The gains realized by sales at or after `since` (all of them when `since` is nil); `nil`
  /// when a sale's gain is unknown.
  public func realizedGain(since: Date? = nil) -> Decimal? {
    var total = ExactDecimal.zero
    for sale in realized {
      if let since {
        guard let date = sale.date, date >= since else { continue }
      }
      guard let gain = sale.gain else { return nil }
      total += ExactDecimal(gain)
    }
    return total.decimal
  }

  /// The profit or loss on what is held at `price` per coin: the costed coins' value minus
  /// their cost.
  public func unrealizedGain(price: Decimal) -> Decimal {
    costedAmount * price - costBasis
  }
}
