/// A coin's cost for the range, first in first out: what was held when the range starts costs
/// its start value, what came in since costs what it was counted at (a flow's value, income's
/// value). What leaves takes the oldest cost first.
struct RangeCostPool: Sendable {
  private var lots: [(amount: ExactDecimal, cost: ExactDecimal)] = []
  private var oldest = 0

  /// Adds `amount` coins that cost `cost` in all.
  mutating func add(_ amount: ExactDecimal, cost: ExactDecimal) {
    guard amount > .zero else { return }
    lots.append((amount, cost))
  }

  /// Takes `amount` coins, oldest first, and returns their cost (what there is, when less is
  /// held).
  mutating func take(_ amount: ExactDecimal) -> ExactDecimal {
    var remaining = amount
    var cost = ExactDecimal.zero
    while remaining > .zero, oldest < lots.count {
      let lot = lots[oldest]
      if lot.amount <= remaining {
        cost += lot.cost
        remaining -= lot.amount
        oldest += 1
        continue
      }
      let share = (lot.cost * remaining).divided(by: lot.amount) ?? .zero
      cost += share
      lots[oldest] = (lot.amount - remaining, lot.cost - share)
      remaining = .zero
    }
    return cost
  }

  /// The cost of what is still held.
  var heldCost: ExactDecimal {
    lots[oldest...].reduce(ExactDecimal.zero) { $0 + $1.cost }
  }
}
