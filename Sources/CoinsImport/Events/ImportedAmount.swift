#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an amount is counted in: money (a fiat currency, never a holding) or a coin.
public enum ImportedAsset: Hashable, Sendable, CustomStringConvertible {
  /// A fiat currency by its ISO code (`EUR`), or in coins' own CSV any price currency it names.
  case money(String)
  /// A coin by the exchange's ticker after that format's normalisation (`BTC` for Kraken's
  /// `XXBT`); coins' own CSV gives the symbol or CoinGecko id as written, lowercased. Which coin
  /// it is gets decided later, when the ticker is resolved.
  case coin(String)

  /// The code or ticker.
  public var code: String {
    switch self {
    case .money(let code), .coin(let code): code
    }
  }

  /// Whether it is money rather than a holding.
  public var isMoney: Bool {
    if case .money = self { return true }
    return false
  }

  /// The code or ticker.
  public var description: String { code }
}

/// An amount of one asset; never negative (the event's kind says which way it went).
public struct ImportedAmount: Hashable, Sendable, CustomStringConvertible {
  /// What it is counted in.
  public var asset: ImportedAsset
  /// How much, exactly.
  public var amount: Decimal

  /// Creates an amount.
  public init(_ amount: Decimal, _ asset: ImportedAsset) {
    self.asset = asset
    self.amount = amount
  }

  /// `0.5 BTC`.
  public var description: String { "\(amount) \(asset.code)" }
}
