#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
/// - Money is rounded to the currency's minor unit (``MoneyRounding``) from the exact figure —
///   a value is the exact amount × CoinGecko's price as sent — once, at the coin × wallet cell:
///   a holding's row is the sum of its cells and every total the sum of the rounded rows; percentages keep 12 significant digits. CoinGecko's prices and changes
///   pass through.
/// - The value history sums amount × price over holdings, aligned on the newest point; a shorter
///   history is extended back with its oldest price, a missing point takes the one before it,
///   and a coin with no history counts at its current price.
public enum PortfolioValuation {
  /// The portfolio's snapshot in `market`; with `wallet`, of that wallet's part (its coins,
  /// costed by `scope`, and its sales); `byWallet`, a row for each holding's part in each
  /// wallet (that holds some of it or sold some). Its ledgers are made as `spread` runs them.
  public static func value(
    _ portfolio: Portfolio, in market: MarketSnapshot, method: CostBasisMethod = .fifo,
    rates: CurrencyRates = CurrencyRates(), realizedSince: Date? = nil,
    scope: CostBasisScope = .universal, wallet: String? = nil, byWallet: Bool = false,
    spread: any WorkSpread
  ) -> PortfolioSnapshot {
    let coins = Dictionary(
      market.coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // What each row is of: a holding whole, or its part in one wallet.
    var parts: [(holding: Holding, wallet: String?)] = portfolio.holdings.map { ($0, nil) }
    if let wallet {
      parts = portfolio.holdings.filter { $0.transactions.contains { $0.wallet == wallet } }
        .map { ($0, wallet) }
    } else if byWallet {
      parts = portfolio.holdings.flatMap { holding in holding.wallets.map { (holding, $0) } }
    }
    let ledgers = LedgerBuilder.ledgers(
      of: parts, in: market.currency, method: method, rates: rates, scope: scope, soldLots: false,
      spread: spread)
    var joined: [JoinedRow] = zip(parts, ledgers).map { part, ledger in
      row(
        for: part.holding, ledger: ledger, coin: coins[part.holding.id], since: realizedSince,
        wallet: part.wallet)
    }
    if wallet == nil && !byWallet {
      joined = summingCells(
        joined, of: portfolio.holdings, coins: coins, currency: market.currency, method: method,
        rates: rates, scope: scope, since: realizedSince, spread: spread)
    }
    if byWallet && wallet == nil {
      joined = zip(joined, ledgers).filter { $0.0.row.amount > 0 || !$0.1.realized.isEmpty }
        .map(\.0)
    }
    let holdings = joined.map(\.row.id)
    var rows = joined.map(\.row)
    let exact = joined.map(\.exact)
    // Money totals are the sums of the rounded rows; percentages come from the exact figures.
    let total = sum(rows.compactMap(\.value))
    let exactTotal = exact.compactMap(\.value).reduce(0, +)
    for index in rows.indices {
      rows[index].allocation = percent(exact[index].value, of: exactTotal)
    }
    let changeValue = sum(rows.compactMap(\.change24hValue))
    let hasChange = rows.contains { $0.change24hValue != nil }
    let exactChange = exact.compactMap(\.change).reduce(0, +)
    let costs = rows.compactMap(\.cost)
    let cost: Double? = costs.isEmpty ? nil : sum(costs)
    // Profit is known only where a price is: its percentage is over those holdings' cost.
    let priced = exact.filter { $0.pnl != nil }
    let pnl: Double? = priced.isEmpty ? nil : sum(rows.compactMap(\.pnl))
    let pricedCosts = rows.filter { $0.pnl != nil }.compactMap(\.cost)
    let pricedCost: Double? = pricedCosts.isEmpty ? nil : sum(pricedCosts)
    let costedValues = rows.filter { $0.pnl != nil }.compactMap(\.costedValue)
    let amounts = zip(holdings, joined).map { ($0.0, $0.1.row.amount) }
    let history = sparkline(amounts, coins: coins).map {
      money(decimal($0), market.currency) ?? $0
    }
    let realized = rows.map(\.realizedPnl)
    var snapshot = PortfolioSnapshot(
      rows: rows, total: total,
      change24h: hasChange ? percent(exactChange, of: exactTotal - exactChange) : nil,
      change24hValue: hasChange ? changeValue : nil, cost: cost, pnl: pnl,
      pnlPercent: priced.isEmpty
        ? nil
        : percent(
          priced.compactMap(\.pnl).reduce(0, +), of: priced.compactMap(\.cost).reduce(0, +)),
      pnlCost: pricedCost,
      realizedPnl: realized.contains(nil) ? nil : sum(realized.compactMap { $0 }),
      fees: sum(rows.compactMap(\.fees)), method: method,
      convertedAtTodaysRate: ledgers.contains { $0.convertedAtTodaysRate },
      missingRates: Set(ledgers.flatMap(\.missingRates)).sorted(), sparkline: history,
      market: market)
    snapshot.costedValue = costedValues.isEmpty ? nil : sum(costedValues)
    return snapshot
  }

  /// A row's money before rounding, for the percentages.
  struct ExactFigures {
    var value: Decimal?
    var change: Decimal?
    var cost: Decimal?
    var pnl: Decimal?
  }

  /// One holding's row: its value (amount × CoinGecko's price as sent), cost, profit, realized
  /// profit and fees, each computed exactly and rounded to the currency's minor unit; the
  /// realized profit is the sum of its sales' rounded gains, as `coins portfolio gains` shows
  /// them.
  static func row(
    for holding: Holding, ledger: HoldingLedger, coin: Coin?, since: Date?,
    wallet: String? = nil
  ) -> (row: PortfolioRow, exact: ExactFigures) {
    let currency = ledger.currency
    let amount = wallet == nil ? holding.amount : ledger.amount
    let price = coin?.price
    let exactPrice = price.flatMap(decimal)
    var exact = ExactFigures(value: exactPrice.map { amount * $0 })
    if let value = exact.value, let change = coin?.change24h.flatMap(decimal), change > -100 {
      exact.change = value - value / (1 + change / 100)
    }
    var costedValue: Decimal?
    if ledger.costedAmount > 0 {
      exact.cost = ledger.costBasis
      exact.pnl = exactPrice.map { ledger.costedAmount * $0 - ledger.costBasis }
      costedValue = exactPrice.map { ledger.costedAmount * $0 }
    }
    let realized = roundedRealized(ledger, since: since)
    var row = PortfolioRow(
      id: holding.id, symbol: coin?.symbol ?? holding.id, name: coin?.name ?? holding.id,
      amount: amount, lotCount: holding.openPositions(in: wallet).count, price: price,
      value: money(exact.value, currency), allocation: nil, change24h: coin?.change24h,
      change24hValue: money(exact.change, currency), cost: money(exact.cost, currency),
      pnl: money(exact.pnl, currency), pnlPercent: percent(exact.pnl, of: exact.cost),
      realizedPnl: realized?.doubleValue, fees: money(ledger.fees, currency), wallet: wallet)
    row.costedAmount = ledger.costedAmount
    row.costedValue = money(costedValue, currency)
    // The profit is the rounded costed value less the rounded cost, so that the two shown
    // beside it add up to it to the cent.
    if let value = row.costedValue, let cost = row.cost { row.pnl = sum([value, -cost]) }
    return (row, exact)
  }

  /// The sum of the sales' gains (at or after `since`) each rounded to the currency's minor
  /// unit, as MoneyRounding.sum adds them; `nil` when one is unknown. The sales are read in
  /// place, not copied (a large history has tens of thousands).
  private static func roundedRealized(_ ledger: HoldingLedger, since: Date?) -> Decimal? {
    let digits = MinorUnit.digits(of: ledger.currency)
    var total = ExactDecimal.zero
    for index in ledger.realized.indices {
      if let since {
        guard let date = ledger.realized[index].date, date >= since else { continue }
      }
      guard let gain = ledger.realized[index].gain else { return nil }
      total += ExactDecimal(MoneyRounding.rounded(gain, digits: digits))
    }
    return total.decimal
  }

  /// The value over the last 7 days of `amounts` (coin id, amount held).
  static func sparkline(_ amounts: [(String, Decimal)], coins: [String: Coin]) -> [Double] {
    let priced = amounts.compactMap { id, amount -> (Double, Coin)? in
      guard let coin = coins[id], coin.price != nil || !coin.sparklinePoints.isEmpty else {
        return nil
      }
      return (amount.doubleValue, coin)
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
  package static func roundedToSignificantDigits(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let digits = 12 - Int(log10(abs(value)).rounded(.up))
    guard digits > 0, digits < 300 else { return value }
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    return rounded.isFinite ? rounded : value
  }

  /// `series` stretched to `length` points ending on its newest one, gaps filled.
  package static func aligned(_ series: [Double?], length: Int, fallback: Double?) -> [Double] {
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

  /// `part` as a percentage of `whole` (more than 0), to 12 significant digits.
  private static func percent(_ part: Decimal?, of whole: Decimal) -> Double? {
    guard let part, whole > 0 else { return nil }
    return roundedToSignificantDigits((part / whole * 100).doubleValue)
  }

  private static func percent(_ part: Decimal?, of whole: Decimal?) -> Double? {
    whole.flatMap { percent(part, of: $0) }
  }
}

extension Decimal {
  /// The nearest `Double` (as `Double(description)` gives it, without the text).
  package var doubleValue: Double {
    isNaN ? .nan : ExactDecimal(self).doubleValue
  }
}
