import CoinsModel
import CoinsTestSupport
import Foundation
import Testing

/// One rounding path: money is rounded once, at the coin × wallet cell, and every coarser row
/// and total is a sum of those cells, so `value`, `value --by-wallet` and `wallets` show the
/// same totals to the cent on portfolios with awkward decimals.
@Suite struct RoundingPathTests {
  private static let wallets = ["default", "kraken", "ledger"]
  private static let prices: [String: Decimal] = [
    "bitcoin": Decimal(string: "91234.567")!, "ethereum": Decimal(string: "3101.4159")!,
    "solana": Decimal(string: "147.333")!,
  ]

  /// A portfolio of buys and sales in three wallets, amounts and prices with many digits, so
  /// that each wallet's figure has a part of a cent to round.
  /// With `uncosted`, about a third of the coins arrive as deposits of unknown cost.
  private static func portfolio(seed: UInt64, uncosted: Bool = false) -> Portfolio {
    var random = SeededRandom(seed: seed)
    func awkward(_ whole: Int, digits: Int) -> Decimal {
      let cents = Decimal(random.below(whole * 1_000) + 1)
      return cents / Decimal(1_000) + Decimal(random.below(9_999) + 1) / pow(10, digits)
    }
    let holdings = prices.keys.sorted().map { id -> Holding in
      var transactions: [Transaction] = []
      var day = 1.0
      for wallet in wallets where random.below(4) > 0 {
        for _ in 0..<(1 + random.below(3)) {
          var transaction = Transaction(
            id: String(transactions.count + 1), kind: .buy, amount: awkward(3, digits: 9),
            price: awkward(50_000, digits: 7), currency: "usd",
            fee: random.below(2) == 0 ? nil : awkward(5, digits: 5),
            date: Date(timeIntervalSince1970: 1_700_000_000 + day * 86_400), wallet: wallet)
          if uncosted && random.below(3) == 0 {
            (transaction.kind, transaction.price, transaction.currency) = (.transferIn, nil, nil)
            (transaction.fee, transaction.costUnknown) = (nil, true)
          }
          transactions.append(transaction)
          day += 1
        }
      }
      return Holding(id: id, transactions: transactions)
    }
    return Portfolio(holdings: holdings.filter { !$0.transactions.isEmpty })
  }

  private static let market = MarketSnapshot(
    coins: prices.keys.sorted().map { id in
      Coin(
        id: id, symbol: id, name: id, rank: 1, price: prices[id]!.doubleValue, change24h: 3.3)
    }, currency: "usd", asOf: Date(timeIntervalSince1970: 1_800_000_000), source: .live)

  private static func total(_ figures: [Double?]) -> Decimal {
    figures.compactMap { $0 }.reduce(Decimal(0)) { $0 + Decimal(string: "\($1)")! }
  }

  private static func cents(_ value: Double?) -> Decimal {
    value.map { Decimal(string: "\($0)")! } ?? 0
  }

  @Test(arguments: 1...60 as ClosedRange<UInt64>)
  func everyViewsTotalsAgreeToTheCent(seed: UInt64) {
    let portfolio = Self.portfolio(seed: seed)
    let whole = PortfolioValuation.value(portfolio, in: Self.market)
    let byWallet = PortfolioValuation.value(portfolio, in: Self.market, byWallet: true)
    let walletSnapshots = portfolio.wallets.map {
      PortfolioValuation.value(portfolio, in: Self.market, wallet: $0)
    }
    // `wallets`: the sum of each wallet's total, cost and P/L.
    let walletsValue = Self.total(walletSnapshots.map(\.total))
    let walletsCost = Self.total(walletSnapshots.map(\.cost))
    let walletsPnl = Self.total(walletSnapshots.map(\.pnl))
    #expect(Self.cents(whole.total) == walletsValue, "seed \(seed): value")
    #expect(Self.cents(whole.cost) == walletsCost, "seed \(seed): cost")
    #expect(Self.cents(whole.pnl) == walletsPnl, "seed \(seed): P/L")
    #expect(Self.cents(byWallet.total) == walletsValue, "seed \(seed): by wallet value")
    #expect(Self.cents(byWallet.cost) == walletsCost, "seed \(seed): by wallet cost")
    #expect(Self.cents(byWallet.pnl) == walletsPnl, "seed \(seed): by wallet P/L")
    // Each holding's row is the sum of its cells.
    for row in whole.rows {
      let cells = byWallet.rows.filter { $0.id == row.id }
      #expect(Self.cents(row.value) == Self.total(cells.map(\.value)), "seed \(seed) \(row.id)")
      #expect(Self.cents(row.cost) == Self.total(cells.map(\.cost)), "seed \(seed) \(row.id)")
      #expect(
        Self.cents(row.change24hValue) == Self.total(cells.map(\.change24hValue)),
        "seed \(seed) \(row.id)")
    }
  }

  /// Costed value − cost = P/L for every row and total, in every view, when some coins have
  /// no known cost (issue 42): the profit is the difference of the two rounded figures.
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func costedValueLessCostIsTheProfitInEveryView(seed: UInt64) {
    let portfolio = Self.portfolio(seed: seed, uncosted: true)
    var snapshots = [
      PortfolioValuation.value(portfolio, in: Self.market),
      PortfolioValuation.value(portfolio, in: Self.market, byWallet: true),
    ]
    for scope in [CostBasisScope.universal, .wallet] {
      snapshots += portfolio.wallets.map {
        PortfolioValuation.value(portfolio, in: Self.market, scope: scope, wallet: $0)
      }
    }
    for snapshot in snapshots {
      for row in snapshot.rows where row.cost != nil {
        #expect(
          Self.cents(row.costedValue) - Self.cents(row.cost) == Self.cents(row.pnl),
          "seed \(seed) \(row.id) \(row.wallet ?? "")")
        #expect(row.costedAmount <= row.amount, "seed \(seed) \(row.id)")
      }
      #expect(
        Self.cents(snapshot.costedValue) - Self.cents(snapshot.pnlCost) == Self.cents(snapshot.pnl),
        "seed \(seed): total")
    }
    // The whole portfolio's costed value is the sum of the wallets' (universal scope).
    let whole = snapshots[0]
    let walletsCosted = Self.total(
      portfolio.wallets.map {
        PortfolioValuation.value(portfolio, in: Self.market, wallet: $0).costedValue
      })
    #expect(Self.cents(whole.costedValue) == walletsCosted, "seed \(seed): costed value")
  }
}
