#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A coin's section 104 pool at the end of a tax year.
public struct UKPoolState: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The pool: coins and their pooled cost, exact.
  public var pool: Section104Pool

  /// Each member as given.
  public init(coin: String, pool: Section104Pool) {
    self.coin = coin
    self.pool = pool
  }
}
