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
  /// source's pair first checked for each day as the chain checks it (not carried forward),
  /// then the hours of the days it accepts asked in as few requests as its pages allow
  /// (``windows(_:page:)``), each hour asked once whatever the number of instants in it.
  private func hourOpens(of coin: PricedCoin, in currency: String, at instants: [Date]) async
    -> [Date: DailyPrice]
  {
    var remaining = instants
    var found: [Date: DailyPrice] = [:]
    for source in sources where source.hasHourlyCandles {
      guard !remaining.isEmpty else { break }
      let check = PriceChain(sources: [source], reference: reference, carryForwardLimit: 0)
      let accepted = await check.prices(
        of: coin, in: currency, on: Set(remaining.map(UTCDay.init)))
      let wanted = remaining.filter { accepted[UTCDay($0)]?.price != nil }
      let hours = Set(wanted.map { HourlyOpens.hour(of: $0) }).sorted()
      var opens: [Int: (open: ExactDecimal, pair: String)] = [:]
      for window in Self.windows(hours, page: source.hourlyPage) {
        guard
          case .opens(let answered)? = await source.hourlyOpens(
            of: coin, in: currency, hours: window)
        else { continue }
        for (hour, open) in answered.opens where window.contains(hour) {
          opens[hour] = (open, answered.pair)
        }
      }
      for instant in wanted {
        let day = UTCDay(instant)
        guard let dayPrice = accepted[day]?.price,
          let (open, pair) = opens[HourlyOpens.hour(of: instant)]
        else { continue }
        var provenance = dayPrice.provenance
        provenance.hour = Self.hourOfDay(instant)
        provenance.pair = pair
        found[instant] = DailyPrice(
          day: day, price: open, currency: currency, provenance: provenance)
      }
      remaining.removeAll { found[$0] != nil }
    }
    return found
  }

  /// `hours` (sorted, distinct) in spans of at most `page` hours, each from a wanted hour to
  /// the last wanted hour within the page: the fewest requests that ask every one of them.
  package static func windows(_ hours: [Int], page: Int) -> [ClosedRange<Int>] {
    var windows: [ClosedRange<Int>] = []
    for hour in hours {
      if let last = windows.last, hour - last.lowerBound < max(page, 1) {
        windows[windows.count - 1] = last.lowerBound...hour
      } else {
        windows.append(hour...hour)
      }
    }
    return windows
  }
}
