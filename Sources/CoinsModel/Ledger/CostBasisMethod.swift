/// How the cost of coins sold is chosen among the coins held.
public enum CostBasisMethod: String, Sendable, Equatable, CaseIterable {
  /// First in, first out: a sale takes the oldest lots first.
  case fifo
  /// Average cost: a sale takes the average cost of everything held at that moment.
  case average
}
