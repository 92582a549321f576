#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Holding {
  /// The moves between the user's own wallets: for each transfer out that a transfer in
  /// received (``Transaction/movedFrom``), the entry index of that transfer in, by the transfer
  /// out's id. A link that names no transfer out of this coin, or one that received more than
  /// left, is no move: that transfer in counts as one on its own. A move within one wallet (a
  /// withdrawal that came back, a rename an exchange recorded as a send and a receive) keeps
  /// the coins' lots as they were: only what did not arrive leaves.
  public var moves: [String: Int] {
    var arrivals: [String: Int] = [:]
    // Read in place, not copied: every ledger of a large history starts here.
    for index in transactions.indices {
      if let from = transactions[index].movedFrom { arrivals[from] = index }
    }
    guard !arrivals.isEmpty else { return [:] }
    var moves: [String: Int] = [:]
    for transaction in transactions where transaction.kind == .transferOut {
      guard let index = arrivals[transaction.id] else { continue }
      let arrival = transactions[index]
      if arrival.kind == .transferIn, arrival.amount <= transaction.amount {
        moves[transaction.id] = index
      }
    }
    return moves
  }
}
