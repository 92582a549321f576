#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The arithmetic of `portfolio remove` under version 2: shrinking the buys and transfers in
/// whose coins are still held, oldest first, so that no date's balance goes below 0.
///
/// What a lot has left at the end is never more than it had at any earlier date, so taking at
/// most that from it keeps every balance after its date at 0 or more.
enum PortfolioCorrection {
  /// `transactions` (in entry order) with `amount` taken from the open lots, oldest first; a
  /// transaction taken down to 0 is dropped. `amount` is at most what is held.
  static func removing(_ amount: Decimal, from transactions: [Transaction]) -> [Transaction] {
    let open = Holding(id: "", transactions: transactions).openPositions()
    var result = transactions
    var remaining = amount
    var dropped = Set<Int>()
    for (index, left) in open where remaining > 0 {
      let take = min(remaining, left)
      result[index].amount -= take
      remaining -= take
      if result[index].amount == 0 { dropped.insert(index) }
    }
    return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
  }
}
