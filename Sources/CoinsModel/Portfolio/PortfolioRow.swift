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

  /// The symbol when the market knows the coin (``symbol`` is the id otherwise).
  public var knownSymbol: String? { symbol.isEmpty || symbol == id ? nil : symbol }
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
  /// Of ``amount``, the coins whose cost is known (in this currency): what ``cost`` is the
  /// cost of.
  public var costedAmount: Decimal = 0
  /// ``costedAmount`` × price: what ``pnl`` is over (``costedValue`` − ``cost`` = ``pnl``).
  public var costedValue: Double? = nil

  /// The coins whose cost is unknown.
  public var uncostedAmount: Decimal { max(0, amount - costedAmount) }

  /// Whether some of the coins have a known cost and some do not: then ``cost`` and ``pnl``
  /// are over ``costedAmount`` only, and reports say so (`cost known for 1 of 2`).
  public var isPartlyCosted: Bool { costedAmount > 0 && costedAmount < amount }

  /// Each member as given.
  package init(
    id: String, symbol: String, name: String, amount: Decimal, lotCount: Int, price: Double? = nil,
    value: Double? = nil, allocation: Double? = nil, change24h: Double? = nil,
    change24hValue: Double? = nil, cost: Double? = nil, pnl: Double? = nil,
    pnlPercent: Double? = nil, realizedPnl: Double? = nil, fees: Double? = nil,
    wallet: String? = nil, costedAmount: Decimal = 0, costedValue: Double? = nil
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.amount = amount
    self.lotCount = lotCount
    self.price = price
    self.value = value
    self.allocation = allocation
    self.change24h = change24h
    self.change24hValue = change24hValue
    self.cost = cost
    self.pnl = pnl
    self.pnlPercent = pnlPercent
    self.realizedPnl = realizedPnl
    self.fees = fees
    self.wallet = wallet
    self.costedAmount = costedAmount
    self.costedValue = costedValue
  }
}
