#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The market at one moment: coins in one currency, when they were true and where they came from.
public struct MarketSnapshot: Sendable, Equatable {
  /// The coins, in the order the source gave them (use ``Coin/rank`` for ranking).
  public var coins: [Coin]
  /// The `vs_currency` code, lower-case, e.g. `usd`.
  public var currency: String
  /// When the data was fetched from the API (for the sample: when it was recorded).
  public var asOf: Date
  /// Where the data came from.
  public var source: DataSource
  /// Why the data is not live, when it is not.
  public var staleReason: String?
  /// When a live view will refresh it next; `nil` outside a refresh loop.
  public var nextRefresh: Date?

  /// Creates a snapshot.
  public init(
    coins: [Coin], currency: String, asOf: Date, source: DataSource, staleReason: String? = nil,
    nextRefresh: Date? = nil
  ) {
    self.coins = coins
    self.currency = currency
    self.asOf = asOf
    self.source = source
    self.staleReason = staleReason
    self.nextRefresh = nextRefresh
  }

  /// The `count` coins with the largest market cap, largest first: coins without a market cap
  /// last, ties by rank (unranked last), then id. A coin CoinGecko left unranked still counts
  /// by its market cap.
  public func top(_ count: Int) -> [Coin] {
    // CoinGecko answers in this order already, so one pass checks it before any sort (a
    // stable sort allocates, and the first in a process has the runtime look up a conformance).
    var inOrder = true
    for index in 1..<max(coins.count, 1) where Coin.marketCapOrder(coins[index], coins[index - 1]) {
      inOrder = false
      break
    }
    return Array((inOrder ? coins : coins.sorted(by: Coin.marketCapOrder)).prefix(count))
  }

  /// The coin with this CoinGecko id, if the snapshot has it.
  public func coin(id: String) -> Coin? {
    coins.first { $0.id == id }
  }
}

extension Coin {
  /// Largest market cap first, unknown market caps last, ties in ``rankOrder(_:_:)``.
  package static func marketCapOrder(_ lhs: Coin, _ rhs: Coin) -> Bool {
    switch (lhs.marketCap, rhs.marketCap) {
    case let (l?, r?) where l != r: return l > r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return rankOrder(lhs, rhs)
    }
  }
}
