#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Holding {
  /// How much of the coin was held at `date`: every transaction dated at or before it counts —
  /// buys and transfers in adding, sells and transfers out subtracting — and an undated one (a
  /// version-1 lot without a date) counts at every moment.
  ///
  /// The one place the portfolio's history asks "how much then?" (charts of what was held).
  public func amountHeld(at date: Date) -> Decimal {
    transactions.reduce(ExactDecimal.zero) { sum, transaction in
      guard let when = transaction.date, when > date else {
        return sum + ExactDecimal(transaction.signedAmount)
      }
      return sum
    }.decimal
  }
}
