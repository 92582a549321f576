#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The arithmetic of `portfolio remove`: shrinking the buys and transfers in whose coins are
/// still held, newest first, so that no date's balance goes below 0 and the sales already made
/// keep what they took.
///
/// What a lot has left at the end is never more than it had at any earlier date, so taking at
/// most that from it keeps every balance after its date at 0 or more; the newest lots go first
/// because no sale before them could have taken them, by any method. A buy partly removed keeps
/// the part sales took with its share of the fee (the fee in proportion to the coins left), so
/// the coins it still has cost what they did.
enum PortfolioCorrection {
  /// `transactions` (in entry order) with `amount` taken from the open lots, newest first; a
  /// transaction taken down to 0 is dropped. `amount` is at most what is held.
  static func removing(_ amount: Decimal, from transactions: [Transaction]) -> [Transaction] {
    let open = Holding(id: "", transactions: transactions).openPositions()
    var result = transactions
    var remaining = ExactDecimal(amount)
    var dropped = Set<Int>()
    for (index, left) in open.reversed() where remaining > .zero {
      let take = min(remaining, ExactDecimal(left))
      let before = ExactDecimal(result[index].amount)
      let after = before - take
      remaining -= take
      if after.isZero {
        dropped.insert(index)
        continue
      }
      result[index].amount = after.decimal
      if let fee = result[index].fee, fee != 0,
        let share = (ExactDecimal(fee) * after).divided(by: before)
      {
        result[index].fee = DecimalInput.rounded(
          share.decimal, fractionDigits: DecimalInput.maxFractionDigits)
      }
    }
    return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
  }
}
