#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One coin found by `/search`.
public struct SearchResult: Ranked, Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The symbol, lower-cased.
  public var symbol: String
  /// The name.
  public var name: String
  /// The market-cap rank, when it has one.
  public var rank: Int?

  /// Creates a result.
  public init(id: String, symbol: String, name: String, rank: Int?) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.rank = rank
  }
}
