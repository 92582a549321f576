import FoundationEssentials

/// The portfolio valued against one market snapshot: rows, totals, and a 7-day value history.
public struct PortfolioSnapshot: Sendable, Equatable {
  /// One row per holding, in the file's order.
  public var rows: [PortfolioRow]
  /// The sum of the known values.
  public var total: Double
  /// The total's change over 24 hours, in percent.
  public var change24h: Double?
  /// The total's change over 24 hours, in the currency.
  public var change24hValue: Double?
  /// The summed cost of every lot with a known cost in this currency.
  public var cost: Double?
  /// The summed profit or loss of those lots.
  public var pnl: Double?
  /// ``pnl`` as a percentage of ``cost``.
  public var pnlPercent: Double?
  /// The whole portfolio's value, hour by hour over 7 days, oldest first.
  public var sparkline: [Double]
  /// The market snapshot this was valued with.
  public var market: MarketSnapshot

  /// Ids of holdings the market has no price for.
  public var unpriced: [String] { rows.filter { $0.value == nil }.map(\.id) }
}
