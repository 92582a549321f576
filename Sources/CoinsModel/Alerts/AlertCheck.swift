#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks a book of alert rules against fresh markets: which rules fire, which could not be
/// checked. Pure: the caller fetches, locks and saves.
public enum AlertCheck {
  /// Only an answer younger than this, shown as live, may fire an alert — however large the
  /// command's `--max-age`.
  public static let freshness: Double = 120

  /// What one check found.
  public struct Outcome: Sendable, Equatable {
    /// The rules that fired, in the book's order.
    public var fired: [FiredAlert] = []
    /// How many rules were checked against fresh data.
    public var checked = 0
    /// Rules that could not be checked: their currency had no fresh market, or their coin
    /// (or every held coin, for the portfolio) had no price in it.
    public var unchecked: [AlertRule] = []
    /// The held coins a portfolio rule's total left out for lack of a price (as
    /// `portfolio value` leaves them out), by rule id; the rule was checked without them.
    public var leftOut: [String: [String]] = [:]
  }

  /// Whether `market` may fire alerts at `now`: live and younger than ``freshness``.
  public static func isFresh(_ market: MarketSnapshot, now: Date) -> Bool {
    market.source == .live && now.timeIntervalSince(market.asOf) < freshness
      && now.timeIntervalSince(market.asOf) > -freshness
  }

  /// Checks every rule of `book` whose currency has a fresh market in `markets` (by currency
  /// code), valuing `portfolio` for the portfolio's rules (as `spread` runs its ledgers), and
  /// updates their state.
  public static func run(
    _ book: inout AlertBook, markets: [String: MarketSnapshot], portfolio: Portfolio?, now: Date,
    spread: any WorkSpread
  ) -> Outcome {
    var outcome = Outcome()
    for index in book.rules.indices {
      let rule = book.rules[index]
      guard let market = markets[rule.currency], isFresh(market, now: now),
        let (value, price) = observe(rule, in: market, portfolio: portfolio, spread: spread)
      else {
        outcome.unchecked.append(rule)
        continue
      }
      outcome.checked += 1
      if rule.target == .portfolio, let portfolio {
        let unpriced = PortfolioValuation.value(portfolio, in: market, spread: spread).unpriced
        if !unpriced.isEmpty { outcome.leftOut[rule.id] = unpriced }
      }
      if book.rules[index].check(value, at: market.asOf) {
        outcome.fired.append(
          FiredAlert(rule: book.rules[index], value: value, price: price, at: market.asOf))
      }
    }
    return outcome
  }

  /// The value `rule` compares with its threshold in `market`, and the price to show beside
  /// it; `nil` when the market does not say. The portfolio is valued as `spread` runs it.
  public static func observe(
    _ rule: AlertRule, in market: MarketSnapshot, portfolio: Portfolio?, spread: any WorkSpread
  ) -> (value: Double, price: Double?)? {
    switch rule.target {
    case .portfolio:
      guard let portfolio, !portfolio.holdings.isEmpty else { return nil }
      let snapshot = PortfolioValuation.value(portfolio, in: market, spread: spread)
      // The total `portfolio value` shows: a coin without a price is left out of it (and
      // named by ``run(_:markets:portfolio:now:)``); with no coin priced there is no total.
      guard snapshot.rows.contains(where: { $0.value != nil }), snapshot.total.isFinite else {
        return nil
      }
      return (snapshot.total, snapshot.total)
    case .coin(let id, _, _):
      guard let coin = market.coin(id: id) else { return nil }
      let value: Double?
      switch rule.condition {
      case .above, .below: value = coin.price
      case .move(_, .oneHour): value = coin.change1h
      case .move(_, .day): value = coin.change24h
      }
      guard let value, value.isFinite else { return nil }
      return (value, coin.price)
    }
  }
}
