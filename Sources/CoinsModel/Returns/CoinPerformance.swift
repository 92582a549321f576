#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One coin's part of a range's performance: its money figures and how much of the
/// time-weighted return it made.
package struct CoinPerformance: Sendable, Equatable {
  /// The coin's CoinGecko id.
  package var coin: String
  /// Its values, flows and gain.
  package var parts: GainParts
  /// Its contribution to the time-weighted return: each day's gain on it over the day's
  /// capital at work, times the index before the day (the coins' contributions sum to the
  /// return).
  package var contribution: Double
}
