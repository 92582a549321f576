#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A withdrawal from one wallet and a deposit into another that an import paired as one move.
public struct MatchedMove: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transfer out (the withdrawal).
  public var out: Transaction
  /// The transfer in (the deposit), which now names ``out`` as the one it received.
  public var arrival: Transaction
}

extension Portfolio {
  /// How long a deposit may arrive after its withdrawal and still be paired with it.
  public static let moveWindow: TimeInterval = 72 * 3_600
  /// The least share of a withdrawal that its deposit may be (the rest is the network's fee).
  public static let leastArrival = Decimal(98) / 100

  /// Pairs each transfer out with a transfer in of the same coin (into another wallet, or back
  /// into the same one: a withdrawal and deposit that cancel) that arrived within
  /// ``moveWindow`` after it and is 98–100 % of it (``leastArrival``), as one
  /// move, when at least one of the two is among `candidates` (the ids an import just added):
  /// the transfer in then names the transfer out (``Transaction/movedFrom``) and its coins
  /// keep the dates and costs they had. Withdrawals are taken oldest first, each paired with
  /// the deposit nearest to it in time (then the nearest in amount); neither half of a move,
  /// income nor a deposit with a cost of its own (but into the wallet the coins left) is paired. Returns the moves made.
  public mutating func matchMoves(among candidates: Set<String>) -> [MatchedMove] {
    var matched: [MatchedMove] = []
    for place in holdings.indices {
      var holding = holdings[place]
      let paired = Set(holding.moves.keys).union(
        holding.moves.values.map { holding.transactions[$0].id })
      // Only dated transactions are candidates, so a missing date never counts.
      func when(_ index: Int) -> Date { holding.transactions[index].date ?? .distantPast }
      func open(_ transaction: Transaction) -> Bool {
        !paired.contains(transaction.id) && transaction.movedFrom == nil && transaction.date != nil
      }
      let outs = holding.transactions.indices.filter {
        holding.transactions[$0].kind == .transferOut && open(holding.transactions[$0])
      }.sorted { when($0) < when($1) }
      var ins = holding.transactions.indices.filter {
        let arrival = holding.transactions[$0]
        return arrival.kind == .transferIn && open(arrival) && !arrival.isIncome
      }
      // Whether each transfer is among the candidates, looked up once (not once a pair).
      var isCandidate = [Bool](repeating: false, count: holding.transactions.count)
      for index in outs + ins {
        isCandidate[index] = candidates.contains(holding.transactions[index].id)
      }
      for outIndex in outs {
        let out = holding.transactions[outIndex]
        let left = when(outIndex)
        let least = out.amount * Self.leastArrival
        // The deposit that fits, nearest in time (then in amount; of equals, the first):
        // the time checked first, the cheapest test.
        var found: Int?
        for index in ins {
          let after = when(index).timeIntervalSince(left)
          guard after >= 0, after <= Self.moveWindow,
            isCandidate[outIndex] || isCandidate[index]
          else { continue }
          let arrival = holding.transactions[index]
          // A deposit valued by the exchange (Coinbase's Receive at its spot price) is the
          // same coins coming back when it is into the wallet they left.
          guard arrival.price == nil || arrival.wallet == out.wallet,
            arrival.amount <= out.amount, arrival.amount >= least
          else { continue }
          guard let held = found else {
            found = index
            continue
          }
          let (early, late) = (when(index), when(held))
          if early < late || (early == late && arrival.amount > holding.transactions[held].amount) {
            found = index
          }
        }
        guard let best = found else { continue }
        holding.transactions[best].arrive(from: out.id)
        ins.removeAll { $0 == best }
        matched.append(MatchedMove(coin: holding.id, out: out, arrival: holding.transactions[best]))
      }
      holdings[place] = holding
    }
    return matched
  }
}
