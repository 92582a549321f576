#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Exchange rates between the currencies CoinGecko prices in, as the price of one bitcoin in
/// each: by UTC day for the days known, and today's. The rate from X to Y on a day is
/// BTC-in-Y ÷ BTC-in-X on that day.
///
/// Where the ECB's euro reference rates were had (``euroRates``), a past day between two
/// currencies it publishes is converted at them instead, crossing through the euro.
///
/// A day with no rate for either currency converts at today's rate, labelled as such; with
/// no rate at all the conversion is `nil` (the figure is left out, never dropped silently).
public struct CurrencyRates: Sendable, Equatable {
  /// The price of one bitcoin by currency code and UTC day (days since 1970-01-01).
  public var dailyBitcoinPrices: [String: [Int: Decimal]]
  /// Today's price of one bitcoin by currency code.
  public var todaysBitcoinPrices: [String: Decimal]
  /// Today's UTC day number: a figure of today converted at today's rate is at its day's rate.
  public var today: Int?
  /// Units of each fiat currency per 1 EUR by UTC day, from the ECB's euro reference rates, a
  /// day without a fixing (a weekend, a holiday) holding the last fixing before it. A past
  /// day's conversion between two currencies both found here uses them (one source for the
  /// report); a currency the ECB does not publish converts through bitcoin's daily price.
  public var euroRates: [String: [Int: Decimal]] = [:]

  /// Rates from these tables (both empty: only same-currency amounts convert).
  public init(
    dailyBitcoinPrices: [String: [Int: Decimal]] = [:],
    todaysBitcoinPrices: [String: Decimal] = [:],
    today: Int? = nil
  ) {
    self.dailyBitcoinPrices = dailyBitcoinPrices
    self.todaysBitcoinPrices = todaysBitcoinPrices
    self.today = today
  }

  /// `value` in `from` converted into `to` at the rate of `date`'s UTC day.
  public func convert(_ value: Decimal, from: String, to: String, on date: Date?) -> Conversion? {
    let (source, target) = (from.lowercased(), to.lowercased())
    if source == target { return Conversion(value: value, atTodaysRate: false) }
    var day: Int?
    if let date {
      day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
      if let day, let sourcePerEuro = perEuro(source, on: day),
        let targetPerEuro = perEuro(target, on: day), sourcePerEuro > 0
      {
        return Conversion(
          value: value * targetPerEuro / sourcePerEuro, atTodaysRate: false, source: .ecb,
          day: day)
      }
      if let day, let sourcePrice = dailyBitcoinPrices[source]?[day],
        let targetPrice = dailyBitcoinPrices[target]?[day], sourcePrice > 0
      {
        return Conversion(
          value: value * targetPrice / sourcePrice, atTodaysRate: false, source: .bitcoin,
          day: day)
      }
    }
    guard let sourcePrice = todaysBitcoinPrices[source],
      let targetPrice = todaysBitcoinPrices[target], sourcePrice > 0
    else { return nil }
    let atTodaysRate = day == nil || day != today
    return Conversion(
      value: value * targetPrice / sourcePrice, atTodaysRate: atTodaysRate,
      source: atTodaysRate ? .today : .bitcoin, day: today)
  }

  /// Units of `code` per 1 EUR on `day` by the ECB, when its rates were had.
  private func perEuro(_ code: String, on day: Int) -> Decimal? {
    guard !euroRates.isEmpty else { return nil }
    return code == "eur" ? 1 : euroRates[code]?[day]
  }
}
