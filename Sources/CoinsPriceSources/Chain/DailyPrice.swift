import CoinsModel

/// One coin's price on one UTC day (the open of the day), in a currency, with its provenance.
package struct DailyPrice: Hashable, Sendable {
  /// The day priced.
  package var day: UTCDay
  /// The price of one coin.
  package var price: ExactDecimal
  /// The currency, upper-cased: `USD`.
  package var currency: String
  /// Where it came from.
  package var provenance: PriceProvenance

  /// Each member as given; the currency is upper-cased.
  package init(day: UTCDay, price: ExactDecimal, currency: String, provenance: PriceProvenance) {
    self.day = day
    self.price = price
    self.currency = currency.uppercased()
    self.provenance = provenance
  }
}
