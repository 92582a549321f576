import CoinsModel

/// The ECB's fixings as fetched: units of each currency per 1 EUR by business day. Any pair is
/// crossed through the euro; a day without a fixing takes the last earlier one.
package struct ECBFixings: Sendable, Equatable {
  /// Units per 1 EUR, by upper-cased currency and day.
  package var rates: [String: [UTCDay: ExactDecimal]]

  /// Each member as given.
  package init(rates: [String: [UTCDay: ExactDecimal]]) {
    self.rates = rates
  }

  /// Units of `target` for one unit of `source` on `day`, or `nil` when either currency has no
  /// fixing on that day or the ``ECBRates/carryBackLimit`` days before (a currency the ECB
  /// does not publish has none).
  package func rate(from source: String, to target: String, on day: UTCDay) -> FiatRate? {
    let source = source.uppercased()
    let target = target.uppercased()
    let one = ExactDecimal(significand: 1, exponent: 0, isNegative: false)
    if source == target { return FiatRate(rate: one, day: day, fixingDay: day) }
    guard let perEuroSource = fixing(source, on: day), let perEuroTarget = fixing(target, on: day),
      let rate = perEuroTarget.value.divided(by: perEuroSource.value)
    else { return nil }
    return FiatRate(
      rate: rate, day: day, fixingDay: min(perEuroSource.day, perEuroTarget.day))
  }

  /// Units of `currency` per 1 EUR on `day` or the last business day before it.
  private func fixing(_ currency: String, on day: UTCDay) -> (value: ExactDecimal, day: UTCDay)? {
    if currency == "EUR" {
      return (ExactDecimal(significand: 1, exponent: 0, isNegative: false), day)
    }
    guard let series = rates[currency] else { return nil }
    for back in 0...ECBRates.carryBackLimit {
      let earlier = day.adding(days: -back)
      if let value = series[earlier] { return (value, earlier) }
    }
    return nil
  }
}
