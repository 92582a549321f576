import FoundationEssentials

extension Holding {
  /// How much of the coin was held at `date`: the lots dated on or before it (a lot bought ten
  /// days ago adds nothing before then); a lot without a date counts at every moment.
  ///
  /// The one place the portfolio's history asks "how much then?": when transactions arrive
  /// (buys and transfers in adding, sells and transfers out subtracting), only this changes.
  public func amountHeld(at date: Date) -> Decimal {
    lots.reduce(Decimal(0)) { sum, lot in
      guard let bought = lot.date, bought > date else { return sum + lot.amount }
      return sum
    }
  }
}
