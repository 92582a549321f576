/// What `coins prices list` shows of one imported series: the coin, the currency, the days
/// covered and the file they came from.
package struct OwnPriceCoverage: Equatable, Sendable {
  /// The coin as imported.
  package var coin: String
  /// The currency.
  package var currency: String
  /// The first day priced.
  package var first: UTCDay
  /// The last day priced.
  package var last: UTCDay
  /// How many days are priced.
  package var days: Int
  /// The file.
  package var file: String

  /// Each member as given.
  package init(
    coin: String, currency: String, first: UTCDay, last: UTCDay, days: Int, file: String
  ) {
    self.coin = coin
    self.currency = currency
    self.first = first
    self.last = last
    self.days = days
    self.file = file
  }

  /// The coverage of each series with a price, by coin, currency, then first day.
  package static func of(_ series: [OwnPriceSeries]) -> [OwnPriceCoverage] {
    series.compactMap { one in
      guard let first = one.prices.keys.min(), let last = one.prices.keys.max() else { return nil }
      return OwnPriceCoverage(
        coin: one.coin, currency: one.currency, first: first, last: last, days: one.prices.count,
        file: one.file)
    }.sorted {
      ($0.coin, $0.currency, $0.first.number) < ($1.coin, $1.currency, $1.first.number)
    }
  }
}
