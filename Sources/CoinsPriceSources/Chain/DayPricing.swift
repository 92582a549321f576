/// The chain's answer for one day: a price with its provenance, or why no source had one.
package enum DayPricing: Hashable, Sendable {
  /// Priced.
  case priced(DailyPrice)
  /// No source priced it: each source asked, in order, with its reason.
  case unknown([SourceReason])

  /// The price, when there is one.
  package var price: DailyPrice? {
    if case .priced(let price) = self { price } else { nil }
  }
}

/// Why one source gave no price for a day.
package struct SourceReason: Hashable, Sendable {
  /// The source.
  package var source: PriceSourceName
  /// Why: `no price for 2021-05-01`, `unavailable here (HTTP 451)`.
  package var reason: String

  /// Each member as given.
  package init(source: PriceSourceName, reason: String) {
    self.source = source
    self.reason = reason
  }

  /// `Coinbase: no candle within 7 days before 2021-05-01`.
  package var line: String {
    let name = source.displayName
    return name.prefix(1).uppercased() + name.dropFirst() + ": " + reason
  }
}
