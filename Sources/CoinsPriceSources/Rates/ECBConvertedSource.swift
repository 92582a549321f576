import CoinsModel

/// A source that prices in a few currencies (Binance in USD, Coinbase in USD, EUR and GBP),
/// made to answer in any currency the ECB publishes: asked for another, it asks its source in
/// `via` and converts each day's open at that day's ECB rate (a weekend or holiday at the last
/// fixing before it), one ECB request per answer; each price says so.
package struct ECBConvertedSource: PriceSource {
  private let inner: any PriceSource
  private let quotes: Set<String>
  private let via: String
  private let rates: ECBRates

  /// `inner`, which prices in `quotes` itself, converted from `via` for the other currencies.
  package init(_ inner: any PriceSource, quotes: Set<String>, via: String = "USD", rates: ECBRates)
  {
    self.inner = inner
    self.quotes = Set(quotes.map { $0.uppercased() })
    self.via = via.uppercased()
    self.rates = rates
  }

  /// How outputs name it.
  package var name: PriceSourceName { inner.name }

  /// Whether its source has hourly candles.
  package var hasHourlyCandles: Bool { inner.hasHourlyCandles }

  /// The most hourly candles one request of its source carries.
  package var hourlyPage: Int { inner.hourlyPage }

  /// Its source's hourly opens in a currency it quotes itself; none in another (the day's
  /// open, converted, is the fallback).
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  {
    let currency = currency.uppercased()
    guard quotes.contains(currency) else { return nil }
    return await inner.hourlyOpens(of: coin, in: currency, hours: hours)
  }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    let currency = currency.uppercased()
    if quotes.contains(currency) {
      return await inner.dailyOpens(of: coin, in: currency, days: days)
    }
    let answer = await inner.dailyOpens(of: coin, in: via, days: days)
    guard case .opens(var opens) = answer else { return answer }
    guard let first = opens.opens.keys.min(), let last = opens.opens.keys.max() else {
      return .opens(opens)
    }
    let fixings: ECBFixings
    do {
      fixings = try await rates.fixings(of: [via, currency], days: first...last)
    } catch {
      return .unavailable("no \(via) to \(currency) rate: \(error.reason)")
    }
    var converted: [UTCDay: ExactDecimal] = [:]
    for (day, open) in opens.opens {
      guard let rate = fixings.rate(from: via, to: currency, on: day) else { continue }
      converted[day] = open * rate.rate
      opens.conversions[day] = rate
    }
    guard !converted.isEmpty else {
      return .unavailable("the ECB publishes no \(via) to \(currency) rate for those days")
    }
    opens.opens = converted
    opens.convertedFrom = via
    return .opens(opens)
  }
}
