#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a transaction's price came from.
package enum PriceOrigin: Equatable, Sendable {
  /// The user gave it.
  case user
  /// CoinGecko's 00:00 UTC snapshot of that day.
  case history(day: Date)
  /// CoinGecko's live price, fetched now.
  case live
}
