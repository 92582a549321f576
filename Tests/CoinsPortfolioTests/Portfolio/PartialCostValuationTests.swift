import CoinsModel
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A holding only some of whose coins have a known cost (issue 42): the cost and P/L are over
/// the costed coins, their value is shown beside the whole holding's, and costed value − cost
/// = P/L holds to the cent for every row and total.
@Suite struct PartialCostValuationTests {
  private static func date(_ day: Double) -> Date {
    Date(timeIntervalSince1970: 1_767_225_600 + day * 86_400)
  }

  private static func market(_ prices: [String: Double]) -> MarketSnapshot {
    MarketSnapshot(
      coins: prices.keys.sorted().map { id in
        Coin(id: id, symbol: id == "bitcoin" ? "btc" : "eth", name: id, rank: 1, price: prices[id])
      }, currency: "usd", asOf: date(30), source: .live)
  }

  /// 1 BTC bought at $40,000 and 1 BTC deposited from outside at an unknown cost.
  private static let halfCosted = Portfolio(holdings: [
    Holding(
      id: "bitcoin",
      transactions: [
        Transaction(
          id: "1", kind: .buy, amount: 1, price: 40_000, currency: "usd", date: date(0)),
        Transaction(id: "2", kind: .transferIn, amount: 1, date: date(1), costUnknown: true),
      ])
  ])

  @Test func theIssuesExampleAtFortyFiveThousandFiveHundred() {
    let snapshot = PortfolioValuation.value(
      Self.halfCosted, in: Self.market(["bitcoin": 45_500]), spread: OneCore())
    let row = snapshot.rows[0]
    // Value 2 × 45,500 = 91,000; costed value 1 × 45,500 = 45,500 on a cost of 40,000:
    // +5,500, 5,500 ÷ 40,000 = +13.75% (not +51,000, +127.50%: 91,000 − 40,000).
    expectEqual(row.value, 91_000)
    expectEqual(row.costedAmount, 1)
    expectEqual(row.uncostedAmount, 1)
    #expect(row.isPartlyCosted)
    expectEqual(row.costedValue, 45_500)
    expectEqual(row.cost, 40_000)
    expectEqual(row.pnl, 5_500)
    expectEqual(row.pnlPercent, 13.75)
    expectEqual(snapshot.total, 91_000)
    expectEqual(snapshot.costedValue, 45_500)
    expectEqual(snapshot.pnl, 5_500)
    expectEqual(snapshot.pnlPercent, 13.75)
    expectEqual(snapshot.partlyCosted.map(\.id), ["bitcoin"])
  }

  @Test func aWhollyCostedHoldingsCostedValueIsItsValue() {
    var portfolio = Self.halfCosted
    portfolio.holdings[0].transactions.removeLast()
    let snapshot = PortfolioValuation.value(
      portfolio, in: Self.market(["bitcoin": 45_500]), spread: OneCore())
    // 1 × 45,500 on 40,000: +5,500; nothing partly costed.
    expectEqual(snapshot.rows[0].costedValue, 45_500)
    expectEqual(snapshot.rows[0].value, 45_500)
    #expect(!snapshot.rows[0].isPartlyCosted)
    #expect(snapshot.partlyCosted.isEmpty)
  }

  @Test func costedValueLessCostIsTheProfitToTheCent() {
    // 0.3333333 BTC at 40,000.01 (cost 13,333.335333333, shown 13,333.34) and 0.5 of unknown
    // cost, at 45,500.02: costed value 0.3333333 × 45,500.02 = 15,166.671816666, shown
    // 15,166.67. The exact profit 1,833.336483333 would round to 1,833.34, but the figures
    // shown beside it give 15,166.67 − 13,333.34 = 1,833.33, which is what P/L shows.
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Transaction(
            id: "1", kind: .buy, amount: Decimal(string: "0.3333333")!,
            price: Decimal(string: "40000.01")!, currency: "usd", date: Self.date(0)),
          Transaction(
            id: "2", kind: .transferIn, amount: Decimal(string: "0.5")!, date: Self.date(1),
            costUnknown: true),
        ])
    ])
    let snapshot = PortfolioValuation.value(
      portfolio, in: Self.market(["bitcoin": 45_500.02]), spread: OneCore())
    expectEqual(snapshot.rows[0].costedValue, 15_166.67)
    expectEqual(snapshot.rows[0].cost, 13_333.34)
    expectEqual(snapshot.rows[0].pnl, 1_833.33)
    expectEqual(snapshot.costedValue, 15_166.67)
    expectEqual(snapshot.pnl, 1_833.33)
  }
}

extension PartialCostValuationTests {
  /// The costed coin in one wallet, the uncosted one in another: each wallet's part is whole
  /// (costed or not) by wallet scope, but the coin across them is 1 of 2 — the total's label.
  @Test func aCoinsPartsInSeveralWalletsAreCountedTogether() {
    var portfolio = Self.halfCosted
    portfolio.holdings[0].transactions[0].wallet = "coinbase"
    portfolio.holdings[0].transactions[1].wallet = "kraken"
    let byWallet = PortfolioValuation.value(
      portfolio, in: Self.market(["bitcoin": 45_500]), scope: .wallet, byWallet: true,
      spread: OneCore())
    expectEqual(byWallet.rows.map(\.costedAmount), [1, 0])
    #expect(byWallet.rows.filter(\.isPartlyCosted).isEmpty)
    let coverage = byWallet.partlyCosted
    expectEqual(coverage.map(\.id), ["bitcoin"])
    expectEqual(coverage.map(\.costedAmount), [1])
    expectEqual(coverage.map(\.amount), [2])
    expectEqual(coverage.map(\.uncostedAmount), [1])
    // 1 × 45,500 costed on 40,000: +5,500, as for the whole holding.
    expectEqual(byWallet.costedValue, 45_500)
    expectEqual(byWallet.pnl, 5_500)
  }
}
