#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transaction as `coins portfolio history` lists it: with its coin and, for a sale, the
/// profit or loss it realized in the sale's own currency (first in, first out; costs in other
/// currencies converted with the rates given, else unknown).
public struct HistoryEntry: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transaction.
  public var transaction: Transaction
  /// For a sale: what it realized, in ``Transaction/priceCurrency``; `nil` otherwise.
  public var realized: RealizedGain?
}
