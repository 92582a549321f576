import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Values a portfolio against a market snapshot: the pure arithmetic of the join.
///
/// - Values are amount × price; holdings without a price are listed but add nothing.
/// - The 24-hour change of a value comes from the price change: the price 24 hours ago was
///   `price / (1 + change / 100)`. A holding with no known change counts as unchanged.
/// - Cost, realized and unrealized profit come from each holding's ``HoldingLedger`` in the
///   snapshot's currency by `method`: costs in other currencies are converted with `rates`
///   (one the rates cannot convert is left out and named in ``PortfolioSnapshot/missingRates``);
///   a price without a currency is taken to be in USD, the default when it was added.
/// - The value history sums amount × price over holdings, aligned on the newest point; a shorter
///   history is extended back with its oldest price, a missing point takes the one before it,
///   and a coin with no history counts at its current price.
public enum PortfolioValuation {
  /// The portfolio's snapshot in `market`.
  public static func value(
    _ portfolio: Portfolio, in market: MarketSnapshot, method: CostBasisMethod = .fifo,
    rates: CurrencyRates = CurrencyRates(), realizedSince: Date? = nil
  ) -> PortfolioSnapshot {
    let coins = Dictionary(
      market.coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let ledgers = portfolio.holdings.map {
      LedgerBuilder.ledger(of: $0, in: market.currency, method: method, rates: rates)
    }
    var rows = zip(portfolio.holdings, ledgers).map { holding, ledger in
      row(for: holding, ledger: ledger, coin: coins[holding.id], since: realizedSince)
    }
    let total = rows.compactMap(\.value).reduce(0, +)
    for index in rows.indices {
      if let value = rows[index].value, total > 0 { rows[index].allocation = value / total * 100 }
    }
    let changeValue = rows.compactMap(\.change24hValue).reduce(0, +)
    let hasChange = rows.contains { $0.change24hValue != nil }
    let before = total - changeValue
    let costs = rows.compactMap(\.cost)
    let cost: Double? = costs.isEmpty ? nil : costs.reduce(0, +)
    // Profit is known only where a price is: its percentage is over those holdings' cost.
    let pricedCosts = rows.filter { $0.pnl != nil }.compactMap(\.cost)
    let pnl: Double? = pricedCosts.isEmpty ? nil : rows.compactMap(\.pnl).reduce(0, +)
    let pricedCost: Double? = pricedCosts.isEmpty ? nil : pricedCosts.reduce(0, +)
    let history = sparkline(portfolio.holdings, coins: coins)
    let realized = ledgers.map { $0.realizedGain(since: realizedSince) }
    return PortfolioSnapshot(
      rows: rows, total: total,
      change24h: hasChange && before > 0 ? changeValue / before * 100 : nil,
      change24hValue: hasChange ? changeValue : nil, cost: cost, pnl: pnl,
      pnlPercent: percent(pnl, of: pricedCost), pnlCost: pricedCost,
      realizedPnl: realized.contains(nil)
        ? nil : realized.compactMap { $0 }.reduce(0, +).doubleValue,
      fees: ledgers.reduce(Decimal(0)) { $0 + $1.fees }.doubleValue, method: method,
      convertedAtTodaysRate: ledgers.contains { $0.convertedAtTodaysRate },
      missingRates: Set(ledgers.flatMap(\.missingRates)).sorted(), sparkline: history,
      market: market)
  }

  static func row(for holding: Holding, ledger: HoldingLedger, coin: Coin?, since: Date?)
    -> PortfolioRow
  {
    let amount = holding.amount
    let price = coin?.price
    let value = price.map { amount.doubleValue * $0 }
    var changeValue: Double?
    if let value, let change = coin?.change24h, change > -100 {
      changeValue = value - value / (1 + change / 100)
    }
    var cost: Double?
    var pnl: Double?
    if ledger.costedAmount > 0 {
      cost = ledger.costBasis.doubleValue
      if let price {
        pnl = ledger.costedAmount.doubleValue * price - ledger.costBasis.doubleValue
      }
    }
    return PortfolioRow(
      id: holding.id, symbol: coin?.symbol ?? holding.id, name: coin?.name ?? holding.id,
      amount: amount, lotCount: holding.openPositions.count, price: price, value: value,
      allocation: nil,
      change24h: coin?.change24h, change24hValue: changeValue, cost: cost, pnl: pnl,
      pnlPercent: percent(pnl, of: cost),
      realizedPnl: ledger.realizedGain(since: since)?.doubleValue, fees: ledger.fees.doubleValue)
  }

  static func sparkline(_ holdings: [Holding], coins: [String: Coin]) -> [Double] {
    let priced = holdings.compactMap { holding -> (Double, Coin)? in
      guard let coin = coins[holding.id], coin.price != nil || !coin.sparklinePoints.isEmpty else {
        return nil
      }
      return (holding.amount.doubleValue, coin)
    }
    let length = priced.map { $0.1.sparklinePoints.count }.max() ?? 0
    guard length > 0 else { return [] }
    var sums = [Double](repeating: 0, count: length)
    for (amount, coin) in priced {
      let series = aligned(coin.sparklinePoints, length: length, fallback: coin.price)
      for index in 0..<length { sums[index] += amount * series[index] }
    }
    return sums.map(roundedToSignificantDigits)
  }

  /// Sums of products pick up binary noise (32144.171820000003): keep 12 significant digits.
  static func roundedToSignificantDigits(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let digits = 12 - Int(log10(abs(value)).rounded(.up))
    guard digits > 0, digits < 300 else { return value }
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    return rounded.isFinite ? rounded : value
  }

  /// `series` stretched to `length` points ending on its newest one, gaps filled.
  static func aligned(_ series: [Double?], length: Int, fallback: Double?) -> [Double] {
    let known = series.compactMap { $0 }.filter(\.isFinite)
    guard let oldest = known.first else {
      return [Double](repeating: fallback ?? 0, count: length)
    }
    var result = [Double](repeating: oldest, count: length - series.count)
    var previous = oldest
    for point in series {
      if let point, point.isFinite { previous = point }
      result.append(previous)
    }
    return result
  }

  private static func percent(_ part: Double?, of whole: Double?) -> Double? {
    guard let part, let whole, whole > 0 else { return nil }
    return part / whole * 100
  }
}

extension Decimal {
  /// The nearest `Double` (as `Double(description)` gives it, without the text).
  package var doubleValue: Double {
    isNaN ? .nan : ExactDecimal(self).doubleValue
  }
}
