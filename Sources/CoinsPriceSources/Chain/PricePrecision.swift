/// What a dated transaction is priced at (`[prices] precision`): the open of its UTC day, or
/// the open of its UTC hour where a source has hourly candles (the day's open the fallback).
package enum PricePrecision: String, Sendable, Equatable, CaseIterable {
  /// The open of the UTC day (00:00 UTC, CoinGecko's daily snapshot): the default.
  case day
  /// The open of the UTC hour of a transaction with a time, where a source has hourly candles.
  case hour
}
