/// How the cost of coins sold is chosen among the coins held.
///
/// Every method but ``average`` takes whole lots — what is left of each buy and transfer in —
/// and records which lots each sale took (``RealizedGain/lots``).
public enum CostBasisMethod: String, Sendable, Equatable, CaseIterable {
  /// First in, first out: a sale takes the oldest lots first (on one day, the one entered
  /// first).
  case fifo
  /// Last in, first out: a sale takes the newest lots first (on one day, the one entered last).
  case lifo
  /// Highest in, first out: a sale takes the lots of the highest cost per coin first (a buy's
  /// fee counted in its cost); lots of the same cost per coin oldest first, and lots of unknown
  /// cost after every lot whose cost is known, oldest first.
  case hifo
  /// Average cost: a sale takes the average cost of everything held at that moment (no lots).
  case average

  /// Whether sales take whole lots (every method but average cost).
  public var hasLots: Bool { self != .average }

  /// The method in words: `first in, first out`.
  public var name: String {
    switch self {
    case .fifo: "first in, first out"
    case .lifo: "last in, first out"
    case .hifo: "highest cost first"
    case .average: "average cost"
    }
  }

  /// The method's short label: `FIFO`, `LIFO`, `HIFO` or `average cost`.
  public var label: String { self == .average ? name : rawValue.uppercased() }
}
