#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One of CoinGecko's coin categories (`/coins/categories`), its figures in USD.
public struct CoinCategory: Sendable, Equatable {
  /// The id `coins top --category` takes, e.g. `layer-1`.
  public var id: String
  /// The name, e.g. `Layer 1 (L1)`.
  public var name: String
  /// The category's total market cap.
  public var marketCap: Double?
  /// The market cap's change over 24 hours, in percent.
  public var change24h: Double?
  /// Trading volume over 24 hours.
  public var volume: Double?
  /// When CoinGecko last updated the figures.
  public var updatedAt: Date?

  /// Creates a value from its parts.
  public init(
    id: String, name: String, marketCap: Double? = nil, change24h: Double? = nil,
    volume: Double? = nil, updatedAt: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.marketCap = marketCap
    self.change24h = change24h
    self.volume = volume
    self.updatedAt = updatedAt
  }
}
