import CoinsModel

/// How many units of one currency one unit of another was worth on a day, by the ECB's
/// reference rates, and the fixing it came from.
package struct FiatRate: Hashable, Sendable {
  /// Units of the target currency for one unit of the source currency.
  package var rate: ExactDecimal
  /// The day priced.
  package var day: UTCDay
  /// The business day whose fixing was used (earlier than `day` on a weekend or holiday).
  package var fixingDay: UTCDay

  /// Each member as given.
  package init(rate: ExactDecimal, day: UTCDay, fixingDay: UTCDay) {
    self.rate = rate
    self.day = day
    self.fixingDay = fixingDay
  }

  /// `ecb` or `ecb, rate of 2021-04-30` when the day had no fixing of its own.
  package var label: String { fixingDay == day ? "ecb" : "ecb, rate of \(fixingDay)" }
}
