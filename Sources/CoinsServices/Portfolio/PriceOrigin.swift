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
  /// The open of that UTC day (or, by `[prices] precision = "hour"`, of the UTC hour `day`
  /// starts) from the price chain: `words` says where, as a sentence reads it (`Coinbase
  /// BTC-USD open`), `label` is what the transaction records (``Transaction/priceSource``:
  /// `coinbase`).
  case dayOpen(day: Date, words: String, label: String)
  /// CoinGecko's live price, fetched now.
  case live
}
