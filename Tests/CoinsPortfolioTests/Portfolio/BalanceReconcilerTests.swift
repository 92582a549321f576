import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// A wallet's stated balances against its transactions taken by date, whatever order they
/// were written in and whatever other wallets hold between them.
@Suite struct BalanceReconcilerTests {
  static func tx(
    _ id: String, _ kind: TransactionKind, _ amount: String, on day: String, in wallet: String
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: PortfolioFixtures.decimal(amount),
      date: PortfolioFixtures.date("\(day)T00:00:00Z"), wallet: wallet)
  }

  static func stated(_ amount: String, on day: String) -> BalanceStatement {
    BalanceStatement(
      coin: "bitcoin", wallet: "kraken", amount: PortfolioFixtures.decimal(amount),
      date: PortfolioFixtures.date("\(day)T12:00:00Z"))
  }

  @Test func transactionsWrittenOutOfOrderCountByDateInTheirWalletOnly() throws {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Self.tx("1", .buy, "1", on: "2024-03-01", in: "kraken"),
          Self.tx("2", .buy, "5", on: "2024-01-15", in: "coinbase"),
          Self.tx("3", .buy, "2", on: "2024-01-01", in: "kraken"),
          Self.tx("4", .sell, "0.5", on: "2024-02-01", in: "kraken"),
        ])
    ])
    // Kraken holds 2 on 10 January (3), 1.5 on 10 February (3 less 4), 2.5 on 10 March (and
    // 1); coinbase's 5 never counts. Stated: 2 (agrees), 2 (differs by 0.5), 3 (differs).
    let reconciled = BalanceReconciler.reconcile(
      [
        Self.stated("2", on: "2024-01-10"), Self.stated("2", on: "2024-02-10"),
        Self.stated("3", on: "2024-03-10"),
      ], in: portfolio)
    expectEqual(reconciled.count, 1)
    let only = try #require(reconciled.first)
    expectEqual(only.computed, PortfolioFixtures.decimal("2.5"))
    expectEqual(only.stated.amount, 3)
    let parting = try #require(only.parting)
    expectEqual(parting.lastAgreeing?.amount, 2)
    expectEqual(parting.firstDiffering.date, PortfolioFixtures.date("2024-02-10T12:00:00Z"))
    expectEqual(parting.computedThen, PortfolioFixtures.decimal("1.5"))
    expectEqual(parting.lastAgreeingTransaction?.id, "3")
    expectEqual(parting.firstPartingTransaction?.id, "4")
  }
}
