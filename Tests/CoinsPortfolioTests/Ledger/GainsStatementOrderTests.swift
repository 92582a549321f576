import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// The order `coins portfolio gains` lists sales in: by date across holdings, the same date in
/// the order found, and only the year asked for.
@Suite struct GainsStatementOrderTests {
  typealias F = LedgerFixtures

  @Test func salesAreByDateAcrossHoldingsThenInTheOrderFound() {
    let first = F.ledger([
      F.tx(.buy, "2", at: "10", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "15", on: "01-05", id: "2"),
      F.tx(.sell, "1", at: "12", on: "01-09", id: "3"),
    ])
    let second = F.ledger([
      F.tx(.buy, "2", at: "100", on: "01-02", id: "4"),
      F.tx(.sell, "1", at: "90", on: "01-05", id: "5"),
      F.tx(.sell, "1", at: "95", on: "01-07", id: "6"),
    ])
    let statement = GainsStatement(
      ledgers: [first, second], year: nil, currency: "usd", method: .fifo)
    // 01-05 twice (the first holding's found first), then 01-07, then 01-09.
    expectEqual(statement.sales.map(\.sale.transactionID), ["2", "5", "6", "3"])
    #expect(
      GainsStatement.order(of: [first, second], year: nil).map { [$0.ledger, $0.sale] }
        == [[0, 0], [1, 0], [1, 1], [0, 1]])
  }

  @Test func onlyTheSalesOfTheYearAskedFor() {
    let ledger = F.ledger([
      Transaction(
        id: "1", kind: .buy, amount: F.d("3"), price: F.d("10"), currency: "usd",
        date: PortfolioFixtures.date("2025-03-01T00:00:00Z")),
      Transaction(
        id: "2", kind: .sell, amount: F.d("1"), price: F.d("20"), currency: "usd",
        date: PortfolioFixtures.date("2025-12-31T23:59:59Z")),
      Transaction(
        id: "3", kind: .sell, amount: F.d("1"), price: F.d("30"), currency: "usd",
        date: PortfolioFixtures.date("2026-01-01T00:00:00Z")),
    ])
    let in2025 = GainsStatement(ledgers: [ledger], year: 2025, currency: "usd", method: .fifo)
    let in2026 = GainsStatement(ledgers: [ledger], year: 2026, currency: "usd", method: .fifo)
    expectEqual(in2025.sales.map(\.sale.transactionID), ["2"])
    expectEqual(in2026.sales.map(\.sale.transactionID), ["3"])
    // 20 − 10 and 30 − 10.
    expectEqual(in2025.sales.map(\.gain), [10])
    expectEqual(in2026.sales.map(\.gain), [20])
  }
}
