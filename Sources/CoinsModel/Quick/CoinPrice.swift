#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One coin's price in one currency, as `/simple/price` gives it: no symbol, no name.
public struct CoinPrice: Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The price; `nil` when CoinGecko sent none (or nonsense).
  public var price: Double?
  /// The price's change over 24 hours, in percent.
  public var change24h: Double?
  /// When CoinGecko last updated the price.
  public var updatedAt: Date?

  /// Creates a value from its parts.
  public init(id: String, price: Double?, change24h: Double? = nil, updatedAt: Date? = nil) {
    self.id = id
    self.price = price
    self.change24h = change24h
    self.updatedAt = updatedAt
  }
}

extension CoinPrice {
  /// The price figures of a market row.
  public init(_ coin: Coin) {
    self.init(
      id: coin.id, price: coin.price, change24h: coin.change24h, updatedAt: coin.lastUpdated)
  }
}
