#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// ``pnl`` as a percentage of ``pnlCost``.
  public var pnlPercent: Double?
  /// The cost of the holdings whose profit is known (those with a price): what ``pnl`` and
  /// ``pnlPercent`` are on. Less than ``cost`` when a costed holding has no price.
  public var pnlCost: Double? = nil
  /// The summed value of the coins whose cost and price are known: ``pnl`` is this less
  /// ``pnlCost``. Less than ``total`` when some coins have no known cost.
  public var costedValue: Double? = nil
  /// The summed realized profit or loss (since the date asked for); `nil` when a sale's is
  /// unknown.
  public var realizedPnl: Double? = nil
  /// The summed fees.
  public var fees: Double = 0
  /// How sold coins were costed.
  public var method: CostBasisMethod = .fifo
  /// Whether a figure was converted at today's rate because the day's was out of reach.
  public var convertedAtTodaysRate = false
  /// Currencies of costs that could not be converted at all (left out of cost and profit).
  public var missingRates: [String] = []
  /// The whole portfolio's value, hour by hour over 7 days, oldest first.
  public var sparkline: [Double]
  /// The market snapshot this was valued with.
  public var market: MarketSnapshot

  /// Ids of holdings the market has no price for.
  public var unpriced: [String] { rows.filter { $0.value == nil }.map(\.id) }

  /// The holdings with a cost but no price: their cost is in ``cost`` but not in ``pnlCost``.
  public var costedButUnpriced: [PortfolioRow] {
    rows.filter { $0.cost != nil && $0.pnl == nil }
  }

  /// The coins some of which have a known cost and some not, a coin's rows (its parts in
  /// several wallets) counted together: what the reports label `cost known for 1 of 2 BTC`.
  public var partlyCosted: [CostCoverage] { CostCoverage.partly(rows) }

  /// Each member as given.
  package init(
    rows: [PortfolioRow], total: Double, change24h: Double? = nil, change24hValue: Double? = nil,
    cost: Double? = nil, pnl: Double? = nil, pnlPercent: Double? = nil, pnlCost: Double? = nil,
    realizedPnl: Double? = nil, fees: Double = 0, method: CostBasisMethod = .fifo,
    convertedAtTodaysRate: Bool = false, missingRates: [String] = [], sparkline: [Double],
    market: MarketSnapshot
  ) {
    self.rows = rows
    self.total = total
    self.change24h = change24h
    self.change24hValue = change24hValue
    self.cost = cost
    self.pnl = pnl
    self.pnlPercent = pnlPercent
    self.pnlCost = pnlCost
    self.realizedPnl = realizedPnl
    self.fees = fees
    self.method = method
    self.convertedAtTodaysRate = convertedAtTodaysRate
    self.missingRates = missingRates
    self.sparkline = sparkline
    self.market = market
  }
}

/// How many of a coin's coins have a known cost.
public struct CostCoverage: Sendable, Equatable {
  /// The CoinGecko id.
  public var id: String
  /// The symbol, as the rows show it.
  public var symbol: String
  /// Coins whose cost is known.
  public var costedAmount: Decimal
  /// Coins held.
  public var amount: Decimal

  /// The symbol when the market knows the coin (``symbol`` is the id otherwise).
  public var knownSymbol: String? { symbol.isEmpty || symbol == id ? nil : symbol }

  /// The coins whose cost is unknown.
  public var uncostedAmount: Decimal { max(0, amount - costedAmount) }

  /// The coins of `rows` (in their order, a coin's rows added together) some of which have a
  /// known cost and some not.
  public static func partly(_ rows: [PortfolioRow]) -> [CostCoverage] {
    var coins: [CostCoverage] = []
    var places: [String: Int] = [:]
    for row in rows {
      if let place = places[row.id] {
        coins[place].costedAmount += row.costedAmount
        coins[place].amount += row.amount
      } else {
        places[row.id] = coins.count
        coins.append(
          CostCoverage(
            id: row.id, symbol: row.symbol, costedAmount: row.costedAmount, amount: row.amount))
      }
    }
    return coins.filter { $0.costedAmount > 0 && $0.costedAmount < $0.amount }
  }
}
