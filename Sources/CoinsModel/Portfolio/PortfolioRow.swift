#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One holding joined with its market row.
public struct PortfolioRow: Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The symbol (the id when the market does not know the coin).
  public var symbol: String
  /// The name (the id when the market does not know the coin).
  public var name: String
  /// Coins held.
  public var amount: Decimal
  /// Lots held.
  public var lotCount: Int
  /// Price per coin, if known.
  public var price: Double?
  /// amount × price.
  public var value: Double?
  /// Share of the portfolio's total value, in percent.
  public var allocation: Double?
  /// Change of the price (and so of the value) over 24 hours, in percent.
  public var change24h: Double?
  /// Change of the value over 24 hours, in the currency.
  public var change24hValue: Double?
  /// What the lots with a known cost in this currency cost.
  public var cost: Double?
  /// Value of those lots minus their cost.
  public var pnl: Double?
  /// ``pnl`` as a percentage of ``cost``.
  public var pnlPercent: Double?
  /// The profit or loss the sales realized (since the date asked for); `nil` when unknown.
  public var realizedPnl: Double? = nil
  /// Fees paid on buys and sells.
  public var fees: Double? = nil
  /// The wallet, when the row is one wallet's part of the holding.
  public var wallet: String? = nil
}
