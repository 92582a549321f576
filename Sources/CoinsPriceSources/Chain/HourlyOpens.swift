import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a source with hourly candles answered for one coin over a span of hours: the open of
/// each UTC hour it has (hours without trades are absent), counted in hours since 1970.
package struct HourlyOpens: Sendable, Equatable {
  /// The open of each hour the source has, by hours since 1970-01-01 00:00 UTC.
  package var opens: [Int: ExactDecimal]
  /// The pair: `BTC-USD`, `BTCUSDT`.
  package var pair: String

  /// Each member as given.
  package init(opens: [Int: ExactDecimal], pair: String) {
    self.opens = opens
    self.pair = pair
  }

  /// The UTC hour `date` falls in, in hours since 1970.
  package static func hour(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 3_600).rounded(.down))
  }
}

/// What a source answered for hourly opens.
package enum HourlyAnswer: Sendable, Equatable {
  /// The opens it has (possibly none of the hours asked).
  case opens(HourlyOpens)
  /// It has none for this coin or currency, and why.
  case unavailable(String)
}
