#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Exchange rates between the currencies CoinGecko prices in, as the price of one bitcoin in
/// each: by UTC day for the days known, and today's. The rate from X to Y on a day is
/// BTC-in-Y ÷ BTC-in-X on that day.
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
      if let day, let sourcePrice = dailyBitcoinPrices[source]?[day],
        let targetPrice = dailyBitcoinPrices[target]?[day], sourcePrice > 0
      {
        return Conversion(value: value * targetPrice / sourcePrice, atTodaysRate: false)
      }
    }
    guard let sourcePrice = todaysBitcoinPrices[source],
      let targetPrice = todaysBitcoinPrices[target], sourcePrice > 0
    else { return nil }
    return Conversion(
      value: value * targetPrice / sourcePrice, atTodaysRate: day == nil || day != today)
  }
}
