import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PriceChain {
  /// The prices of `coin` in `currency` at each of `instants`, by `precision`: the open of the
  /// instant's UTC day; by `.hour`, for an instant after its day's first hour, the open of its
  /// UTC hour from the first source in order with an hourly candle for it (a source whose pair
  /// the chain accepts that day: checked as a day's price is), else the day's open, labelled
  /// as the fallback. Your prices of the day win over any hourly candle.
  package func prices(
    of coin: PricedCoin, in currency: String, at instants: Set<Date>, precision: PricePrecision
  ) async -> [Date: DayPricing] {
    let currency = currency.uppercased()
    let days = Set(instants.map(UTCDay.init))
    let daily = await prices(of: coin, in: currency, on: days)
    var answers: [Date: DayPricing] = [:]
    var hourly: [Date] = []
    for instant in instants {
      let pricing = daily[UTCDay(instant)] ?? .unknown([])
      answers[instant] = pricing
      guard precision == .hour, Self.hourOfDay(instant) > 0 else { continue }
      if pricing.price?.provenance.source != .yours { hourly.append(instant) }
    }
    var found = await hourOpens(of: coin, in: currency, at: hourly)
    for instant in instants where precision == .hour && Self.hourOfDay(instant) > 0 {
      if let price = found.removeValue(forKey: instant) {
        answers[instant] = .priced(price)
      } else if case .priced(var price)? = answers[instant] {
        price.provenance.dayOpenFallback = true
        answers[instant] = .priced(price)
      }
    }
    return answers
  }

  /// The hour of the day (0–23) of `instant`, in UTC.
  package static func hourOfDay(_ instant: Date) -> Int {
    HourlyOpens.hour(of: instant) - UTCDay(instant).number * 24
  }

  /// The hourly opens of `instants` from the sources with hourly candles, in order: each
  /// source's pair first checked for the day as the chain checks it (not carried forward), then
  /// asked once per day for the span of that day's hours.
  private func hourOpens(of coin: PricedCoin, in currency: String, at instants: [Date]) async
    -> [Date: DailyPrice]
  {
    var remaining = instants
    var found: [Date: DailyPrice] = [:]
    for source in sources where source.hasHourlyCandles {
      guard !remaining.isEmpty else { break }
      let byDay = Dictionary(grouping: remaining, by: UTCDay.init)
      let check = PriceChain(sources: [source], reference: reference, carryForwardLimit: 0)
      let accepted = await check.prices(of: coin, in: currency, on: Set(byDay.keys))
      for (day, dayInstants) in byDay.sorted(by: { $0.key < $1.key }) {
        guard let dayPrice = accepted[day]?.price else { continue }
        let hours = dayInstants.map { HourlyOpens.hour(of: $0) }
        guard let first = hours.min(), let last = hours.max(),
          case .opens(let opens)? = await source.hourlyOpens(
            of: coin, in: currency, hours: first...last)
        else { continue }
        for instant in dayInstants {
          guard let open = opens.opens[HourlyOpens.hour(of: instant)] else { continue }
          var provenance = dayPrice.provenance
          provenance.hour = Self.hourOfDay(instant)
          provenance.pair = opens.pair
          found[instant] = DailyPrice(
            day: day, price: open, currency: currency, provenance: provenance)
        }
      }
      remaining.removeAll { found[$0] != nil }
    }
    return found
  }
}
