#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio's value over time: at each moment of a common grid, Σ amount held then ×
/// that coin's price then.
public struct PortfolioHistory: Sendable, Equatable {
  /// The total value at each grid moment, oldest first.
  public var total: PriceHistory
  /// Held coins whose history starts after the grid does (counted from their first point).
  public var shorter: [String]
  /// Held coins with no history at all (left out).
  public var missing: [String]

  /// Values `holdings` against `histories` (by CoinGecko id). The grid is the moments of the
  /// history with the most points (CoinGecko gives every coin the same spacing for one range,
  /// at its own minutes), ending at the newest point of any. At each moment a coin's price is
  /// its last point at or before it (its first, less than a step before that); earlier, a coin
  /// adds nothing, and a coin starting more than two steps (or a fiftieth of the span) after
  /// the grid is named in ``shorter``.
  public init(holdings: [Holding], histories: [String: PriceHistory]) {
    let held = holdings.filter { $0.amount > 0 }
    var missing: [String] = []
    var present: [(Holding, PriceHistory)] = []
    for holding in held {
      if let history = histories[holding.id], !history.isEmpty {
        present.append((holding, history))
      } else {
        missing.append(holding.id)
      }
    }
    guard let reference = present.map(\.1).max(by: { $0.points.count < $1.points.count }) else {
      self.init(total: PriceHistory(sorted: []), shorter: [], missing: missing)
      return
    }
    var grid = reference.points.map(\.milliseconds)
    let newest = present.compactMap { $0.1.points.last?.milliseconds }.max() ?? 0
    if let last = grid.last, newest > last { grid[grid.count - 1] = newest }
    let start = grid[0]
    // Coins' points sit at their own minutes: one step's difference is not a shorter history.
    var steps = zip(grid.dropFirst(), grid).map { $0 - $1 }
    steps.sort()
    let step = steps.isEmpty ? 0 : steps[steps.count / 2]
    // Histories fetched one after another can straddle a step (their windows start a step
    // apart), and a point may be missing: only a start later than two steps, or a fiftieth of
    // the span, is a coin whose history really is shorter.
    let span = (grid.last ?? start) - start
    let slack = max(2 * step, span / 50)
    let shorter = present.filter { ($0.1.points.first?.milliseconds ?? 0) > start + slack }
      .map(\.0.id)
    let points = grid.map { moment -> PricePoint in
      let date = Date(timeIntervalSince1970: Double(moment) / 1000)
      var sum = 0.0
      for (holding, history) in present {
        guard
          let price = history.price(at: moment)
            ?? history.points.first.flatMap({ $0.milliseconds - moment < step ? $0.price : nil })
        else { continue }
        sum += holding.amountHeld(at: date).doubleValue * price
      }
      return PricePoint(milliseconds: moment, price: sum)
    }
    self.init(total: PriceHistory(sorted: points), shorter: shorter, missing: missing)
  }

  /// Creates a history from its parts.
  public init(total: PriceHistory, shorter: [String], missing: [String]) {
    self.total = total
    self.shorter = shorter
    self.missing = missing
  }
}
