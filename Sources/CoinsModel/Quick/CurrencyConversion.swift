#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An amount of one thing in another: the exact amount typed, the rate CoinGecko's figures
/// give, and their product.
public struct CurrencyConversion: Sendable, Equatable {
  /// The amount typed, exactly.
  public var amount: Decimal
  /// What it is an amount of.
  public var from: ConversionTerm
  /// What it is converted into.
  public var to: ConversionTerm
  /// Units of `to` per unit of `from`.
  public var rate: Double
  /// `amount × rate`, worked out in decimal from the rate's shortest exact text, so the result
  /// is the product of the two figures shown (`0.1 × 45000` is `4500`, not `4500.000000000001`).
  public var result: Decimal

  /// The conversion of `amount` at `rate`; `nil` when the rate is not a positive finite number.
  public init?(amount: Decimal, from: ConversionTerm, to: ConversionTerm, rate: Double) {
    guard rate.isFinite, rate > 0, let exactRate = Decimal(string: "\(rate)") else { return nil }
    self.amount = amount
    self.from = from
    self.to = to
    self.rate = rate
    self.result = amount * exactRate
  }

  /// The rate from units-per-bitcoin figures (`/exchange_rates`): `to` per `from`.
  public static func rate(fromPerBitcoin: Double, toPerBitcoin: Double) -> Double {
    toPerBitcoin / fromPerBitcoin
  }
}
