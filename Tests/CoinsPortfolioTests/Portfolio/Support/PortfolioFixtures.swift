import CoinsModel
import Foundation

/// Holdings, coins and market snapshots with figures chosen so the expected results are exact.
enum PortfolioFixtures {
  /// 2026-11-29T14:00:00Z.
  static let addedAt = Date(timeIntervalSince1970: 1_795_960_800)
  /// 2026-11-30T12:00:00Z, when the fixed market snapshot was taken.
  static let marketTime = Date(timeIntervalSince1970: 1_796_040_000)

  /// An exact decimal from its text; the tests only pass valid literals.
  static func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
  }

  /// A date from an ISO 8601 timestamp; the tests only pass valid ones.
  static func date(_ text: String) -> Date {
    ISO8601Timestamp.parse(text)!
  }

  /// A lot of `amount` coins, optionally bought at `cost` per coin in `currency`.
  static func lot(
    _ amount: String, cost: String? = nil, currency: String? = nil, date: String? = nil
  ) -> Lot {
    Lot(
      amount: decimal(amount), cost: cost.map(decimal), costCurrency: currency,
      date: date.map(Self.date))
  }

  /// btc 0.5, eth 2 and sol 10, without costs.
  static let threeHoldings = Portfolio(holdings: [
    Holding(id: "bitcoin", lots: [lot("0.5")]),
    Holding(id: "ethereum", lots: [lot("2")]),
    Holding(id: "solana", lots: [lot("10")]),
  ])

  /// A market coin.
  static func coin(
    _ id: String, _ symbol: String, _ name: String, rank: Int?, price: Double?,
    change24h: Double? = nil, sparkline: [Double?] = []
  ) -> Coin {
    Coin(
      id: id, symbol: symbol, name: name, rank: rank, price: price, change24h: change24h,
      sparkline: sparkline)
  }

  /// Bitcoin at 50,000 (+25% in 24h), Ethereum at 3,000 (-25%), Solana at 150 (change unknown).
  static let threeCoins: [Coin] = [
    coin("bitcoin", "btc", "Bitcoin", rank: 1, price: 50_000, change24h: 25),
    coin("ethereum", "eth", "Ethereum", rank: 2, price: 3_000, change24h: -25),
    coin("solana", "sol", "Solana", rank: 5, price: 150),
  ]

  /// A live market snapshot.
  static func market(
    _ coins: [Coin] = threeCoins, currency: String = "usd", source: DataSource = .live,
    staleReason: String? = nil
  ) -> MarketSnapshot {
    MarketSnapshot(
      coins: coins, currency: currency, asOf: marketTime, source: source, staleReason: staleReason)
  }
}

extension PortfolioFixtures {
  /// Four holdings for the renderers: costs in USD (explicit and implied), EUR and an unknown
  /// currency, dated and undated lots, and a coin the market does not know.
  static let mixedPortfolio = Portfolio(holdings: [
    Holding(
      id: "bitcoin",
      lots: [
        lot("0.25", cost: "40000", currency: "usd", date: "2026-11-29T14:00:00Z"),
        lot("0.25", cost: "44000"),
      ]),
    Holding(
      id: "ethereum",
      lots: [
        lot("1", cost: "2000", currency: "eur", date: "2026-10-01T08:30:00Z"),
        lot("1", cost: "2500", currency: "usd"),
      ]),
    Holding(id: "solana", lots: [lot("10")]),
    Holding(id: "mystery-coin", lots: [lot("1000", cost: "0.01", currency: "xyz")]),
  ])

  /// The market for ``mixedPortfolio``: the portfolio's value history is 27,900, 30,400, 32,500.
  static let mixedMarket = market([
    coin(
      "bitcoin", "btc", "Bitcoin", rank: 1, price: 50_000, change24h: 25,
      sparkline: [40_000, 45_000, 50_000]),
    coin(
      "ethereum", "eth", "Ethereum", rank: 2, price: 3_000, change24h: -25,
      sparkline: [3_200, nil, 3_000]),
    coin("solana", "sol", "Solana", rank: 5, price: 150),
  ])

  /// ``mixedPortfolio`` valued in ``mixedMarket``.
  static var mixedSnapshot: PortfolioSnapshot {
    PortfolioValuation.value(mixedPortfolio, in: mixedMarket, spread: OneCore())
  }

  /// 2 ETH bought at 3,500, now at 3,000 and unchanged over 24 hours, from a stale cache.
  static var losingSnapshot: PortfolioSnapshot {
    PortfolioValuation.value(
      Portfolio(holdings: [Holding(id: "ethereum", lots: [lot("2", cost: "3500")])]),
      in: market(
        [coin("ethereum", "eth", "Ethereum", rank: 2, price: 3_000, change24h: 0)],
        source: .cache, staleReason: "CoinGecko is unreachable."), spread: OneCore())
  }
}
