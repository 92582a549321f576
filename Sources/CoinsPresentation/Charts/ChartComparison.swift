import CoinsModel

/// A second line drawn beside a chart's own, on the same scale and times: the benchmark of
/// `portfolio chart --benchmark` (what the same dated flows would be worth in one coin).
package struct ChartComparison: Sendable, Equatable {
  /// Its values, on the same moments as the chart's own line.
  package var history: PriceHistory
  /// What the legend calls it: `BTC (the same flows)`.
  package var label: String

  /// A comparison line.
  package init(history: PriceHistory, label: String) {
    self.history = history
    self.label = label
  }

  /// The legend above the plot: which mark is which line.
  func legend(ascii: Bool) -> String {
    ascii
      ? "Lines: -/\\ portfolio value, . \(label)"
      : "Lines: ⣿ portfolio value, ⠂ \(label)"
  }
}
