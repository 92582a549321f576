#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A coin's section 104 pool: every coin acquired and not matched by the same-day or 30-day
/// rule, at their pooled allowable cost (fees included). A disposal from it costs the pool's
/// cost × the coins taken ÷ the coins in it.
public struct Section104Pool: Sendable, Equatable {
  /// Coins in the pool.
  public var amount: Decimal
  /// Their pooled allowable cost; `nil` when some coin's cost is unknown.
  public var cost: Decimal?
  /// Whether that cost stands on an acquisition converted at today's rate (the day's was out
  /// of reach) since the pool was last empty.
  public var atTodaysRate: Bool

  /// A pool of `amount` coins costing `cost`.
  public init(amount: Decimal = 0, cost: Decimal? = 0, atTodaysRate: Bool = false) {
    self.amount = amount
    self.cost = cost
    self.atTodaysRate = atTodaysRate
  }
}

/// The pool's arithmetic, exact.
package struct PoolArithmetic {
  package var amount = ExactDecimal.zero
  package var cost: ExactDecimal? = .zero
  /// Whether an acquisition in it was converted at today's rate (until it is emptied).
  package var atTodaysRate = false

  package init() {}

  /// The pool as a public value.
  package var pool: Section104Pool {
    Section104Pool(amount: amount.decimal, cost: cost?.decimal, atTodaysRate: atTodaysRate)
  }

  /// Adds `amount` coins costing `cost`, converted at today's rate when `atTodaysRate`.
  package mutating func add(
    _ added: ExactDecimal, cost addedCost: ExactDecimal?, atTodaysRate todays: Bool = false
  ) {
    guard added > .zero else { return }
    amount += added
    cost = cost.flatMap { left in addedCost.map { left + $0 } }
    if todays { atTodaysRate = true }
  }

  /// Takes up to `wanted` coins at the pool's average cost: the coins taken and their cost (the
  /// part that empties the pool costs what is left, so the parts add up to the pool's cost).
  package mutating func take(_ wanted: ExactDecimal) -> (amount: ExactDecimal, cost: ExactDecimal?)
  {
    let taken = min(wanted, amount)
    guard taken > .zero else { return (.zero, .zero) }
    let share: ExactDecimal? =
      taken == amount ? cost : cost.map { ($0 * taken).divided(by: amount) ?? .zero }
    amount -= taken
    cost = cost.flatMap { left in share.map { left - $0 } }
    // Emptied, it holds no cost converted at today's rate any more.
    if amount.isZero { atTodaysRate = false }
    return (taken, share)
  }
}
