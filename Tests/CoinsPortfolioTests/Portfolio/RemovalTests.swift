import CoinsModel
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `portfolio remove` never rewrites a sale already made unasked: it takes only coins still
/// held, a buy partly removed keeps its fee in proportion, and every sale it would still
/// change is listed with the methods by which.
@Suite struct RemovalTests {
  typealias F = LedgerFixtures

  /// docs/portfolio.md's worked example: 1 at $100 + $1 (2024-02-29), 2 at $300, 1 at $200 +
  /// $2, then 1.5 sold at $400 − $3 and 2 at $250.
  static func workedExample() throws -> Portfolio {
    var portfolio = Portfolio()
    let day = { (text: String) in PortfolioFixtures.date("\(text)T00:00:00Z") }
    let entries: [(TransactionKind, String, String, String?, String)] = [
      (.buy, "1", "100", "1", "2024-02-29"), (.buy, "2", "300", nil, "2025-01-10"),
      (.buy, "1", "200", "2", "2025-02-01"), (.sell, "1.5", "400", "3", "2025-03-01"),
      (.sell, "2", "250", nil, "2025-03-02"),
    ]
    for (kind, amount, price, fee, date) in entries {
      try portfolio.record(
        Transaction(
          kind: kind, amount: F.d(amount), price: F.d(price), currency: "usd",
          fee: fee.map(F.d), date: day(date)), to: "bitcoin")
    }
    return portfolio
  }

  /// The cost basis of 2025's sales by `method`.
  static func basis(_ portfolio: Portfolio, _ method: CostBasisMethod) -> Decimal? {
    guard let holding = portfolio.holding(id: "bitcoin") else { return nil }
    let ledger = LedgerBuilder.ledger(of: holding, in: "usd", method: method)
    return ledger.realized.reduce(Decimal(0) as Decimal?) { sum, sale in
      sale.costBasis.flatMap { cost in sum.map { $0 + cost } }
    }
  }

  @Test func aBuyPartlyRemovedKeepsItsFeeInProportion() throws {
    var portfolio = try Self.workedExample()
    // FIFO: sale 4 takes lot 1 ($101) and 0.5 of lot 2 ($150); sale 5 1.5 of lot 2 ($450) and
    // 0.5 of lot 3 ($202 / 2 = $101): $802.
    expectEqual(Self.basis(portfolio, .fifo), 802)
    let changed = try portfolio.remove(F.d("0.25"), of: "bitcoin")
    // Lot 3 keeps 0.75 coins and $2 × 0.75 = $1.50 of its fee: 0.5 of it still costs
    // 0.5 × (0.75 × $200 + $1.50) / 0.75 = $101, so 2025's basis stays $802 (not $802.33).
    let lot = try #require(portfolio.holding(id: "bitcoin")?.transactions[2])
    #expect(lot.amount == F.d("0.75") && lot.fee == F.d("1.5"))
    expectEqual(Self.basis(portfolio, .fifo), 802)
    // By LIFO sale 4 took all of lot 3, and by average cost every coin counts: those change.
    expectEqual(changed.map(\.id), ["4", "5"])
    expectEqual(changed[0].methods.filter { !$0.contains("wallet") }, ["lifo", "average"])
    expectEqual(changed[1].methods.filter { !$0.contains("wallet") }, ["lifo", "hifo", "average"])
    #expect(changed.allSatisfy { !$0.deleted && $0.year == 2025 })
  }

  @Test func coinsBoughtAfterTheLastSaleGoFirstAndChangeNothing() throws {
    var portfolio = try Self.workedExample()
    try portfolio.record(
      Transaction(
        kind: .buy, amount: 1, price: 500, currency: "usd", fee: 5,
        date: PortfolioFixtures.date("2025-04-01T00:00:00Z")), to: "bitcoin")
    let before = portfolio
    // 1.5 held: the newest lot (1, after every sale) goes whole, then 0.25 of lot 3's 0.5.
    #expect(try portfolio.removal(1, of: "bitcoin").changed.isEmpty)
    try portfolio.remove(1, of: "bitcoin")
    #expect(
      portfolio.holding(id: "bitcoin")?.transactions
        == before.holding(id: "bitcoin")?.transactions.dropLast())
  }

  @Test func removingAHoldingWithSalesListsThemAsDeleted() throws {
    let portfolio = try Self.workedExample()
    let changed = try portfolio.removal(nil, of: "bitcoin").changed
    expectEqual(changed.map(\.id), ["4", "5"])
    #expect(changed.allSatisfy { $0.deleted })
  }

  /// Over generated portfolios, by every method: after any removal each sale's figures are
  /// as they were, unless it is listed for that method — and then they are not.
  @Test func everySaleIsUnchangedOrListed() throws {
    var random = SeededRandom(seed: 42)
    var listed = 0
    var unchanged = 0
    for seed in UInt64(1)...200 {
      let portfolio = GeneratedPortfolio.make(seed: seed)
      for holding in portfolio.holdings {
        let amount: Decimal? =
          random.below(4) == 0 ? nil : holding.amount * Decimal(1 + random.below(4)) / 4
        let (left, changed) = try portfolio.removal(amount, of: holding.id)
        let changedIDs = Dictionary(uniqueKeysWithValues: changed.map { ($0.id, $0.methods) })
        for method in CostBasisMethod.allCases {
          for currency in holding.saleCurrencies {
            let before = LedgerBuilder.ledger(of: holding, in: currency, method: method)
            let after = left.map { LedgerBuilder.ledger(of: $0, in: currency, method: method) }
            for sale in before.realized where Self.currency(of: sale, in: holding) == currency {
              let now = after?.realized.first { $0.transactionID == sale.transactionID }
              let same = now.map { Self.shown($0, currency) == Self.shown(sale, currency) } ?? false
              let isListed = changedIDs[sale.transactionID]?.contains(method.rawValue) == true
              #expect(
                same != isListed, "seed \(seed) \(holding.id) \(method) sale \(sale.transactionID)")
              if isListed { listed += 1 } else { unchanged += 1 }
            }
          }
        }
      }
    }
    #expect(listed > 50 && unchanged > 50)
  }

  static func currency(of sale: RealizedGain, in holding: Holding) -> String? {
    holding.transactions.first { $0.id == sale.transactionID }?.priceCurrency
  }

  static func shown(_ sale: RealizedGain, _ currency: String) -> [Decimal?] {
    [sale.proceeds, sale.costBasis, sale.gain].map { MoneyRounding.rounded($0, in: currency) }
  }
}
