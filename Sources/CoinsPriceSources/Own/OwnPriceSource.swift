/// Your prices as a source: the series you imported that name the coin (by id or ticker) in the
/// currency asked; the most recently imported series wins a day two of them name.
package struct OwnPriceSource: PriceSource {
  private let series: [OwnPriceSeries]

  /// The source over `series`, the most recently imported last.
  package init(series: [OwnPriceSeries]) {
    self.series = series
  }

  /// How outputs name it.
  package var name: PriceSourceName { .yours }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    let matching = series.filter { $0.prices(coin, in: currency) }
    guard let newest = matching.last else {
      return .unavailable("none imported for \(coin.symbol.lowercased()) in \(currency)")
    }
    var opens = DailyOpens(
      opens: [:], pair: "\(newest.coin) \(newest.currency)", file: newest.file,
      carriesForward: matching.contains { $0.carriesForward })
    let span = days.upperBound.number - days.lowerBound.number + 1
    opens.opens.reserveCapacity(min(span, matching.reduce(0) { $0 + $1.prices.count }))
    for one in matching {
      for (day, price) in one.prices where days.contains(day) {
        opens.opens[day] = price
        // One series names its file once (``DailyOpens/file``); several, each day's.
        if matching.count > 1 { opens.files[day] = one.file }
      }
    }
    return .opens(opens)
  }
}
