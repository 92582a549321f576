import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioTransactionTests {
  typealias F = LedgerFixtures

  private func portfolio() throws -> Portfolio {
    var portfolio = Portfolio()
    try portfolio.record(F.tx(.buy, "1", at: "100", on: "01-01"), to: "bitcoin")
    try portfolio.record(F.tx(.buy, "2", at: "10", on: "01-05"), to: "ethereum")
    try portfolio.record(F.tx(.sell, "0.4", at: "150", on: "03-01"), to: "bitcoin")
    return portfolio
  }

  @Test func recordedTransactionsGetTheNextIdAcrossHoldings() throws {
    let portfolio = try portfolio()
    expectEqual(portfolio.holdings.map { $0.transactions.map(\.id) }, [["1", "3"], ["2"]])
    expectEqual(portfolio.nextTransactionID, "4")
    expectEqual(portfolio.transaction(id: "3")?.coin, "bitcoin")
  }

  @Test func sellingMoreThanHeldAtThatDateIsRefusedAndChangesNothing() throws {
    var portfolio = try portfolio()
    let before = portfolio
    #expect(
      throws: PortfolioError.exceedsHolding(
        id: "bitcoin", held: F.d("0.6"), asked: 1, date: F.day("03-02"))
    ) {
      try portfolio.record(F.tx(.sell, "1", at: "1", on: "03-02"), to: "bitcoin")
    }
    // Before the buy, nothing was held.
    #expect(
      throws: PortfolioError.exceedsHolding(
        id: "ethereum", held: 0, asked: 1, date: F.day("01-04"))
    ) {
      try portfolio.record(F.tx(.transferOut, "1", on: "01-04"), to: "ethereum")
    }
    expectEqual(portfolio, before)
    #expect(
      PortfolioError.exceedsHolding(id: "bitcoin", held: F.d("0.6"), asked: 1, date: F.day("03-02"))
        .message
        == "Cannot take out 1 bitcoin on 2026-03-02: the portfolio holds only 0.6 then. "
        + "Nothing was changed.")
  }

  @Test func undoRemovesOneTransactionAndTheHoldingWhenItWasTheLast() throws {
    var portfolio = try portfolio()
    let (coin, removed) = try portfolio.undo("2")
    expectEqual(coin, "ethereum")
    expectEqual(removed.amount, 2)
    expectEqual(portfolio.holdings.map(\.id), ["bitcoin"])
    try portfolio.undo("3")
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, 1)
  }

  @Test func undoIsRefusedWhenALaterTakeOutWouldExceedTheHolding() throws {
    var portfolio = try portfolio()
    let before = portfolio
    #expect(
      throws: PortfolioError.undoWouldOverdraw(
        transactionID: "1", coin: "bitcoin", held: 0, asked: F.d("0.4"), date: F.day("03-01"))
    ) {
      try portfolio.undo("1")
    }
    #expect(throws: PortfolioError.noSuchTransaction("99")) { try portfolio.undo("99") }
    expectEqual(portfolio, before)
  }

  @Test func amountHeldAtADate() throws {
    let bitcoin = try #require(try portfolio().holding(id: "bitcoin"))
    expectEqual(bitcoin.amountHeld(at: F.day("01-01").addingTimeInterval(-1)), 0)
    expectEqual(bitcoin.amountHeld(at: F.day("01-01")), 1)
    expectEqual(bitcoin.amountHeld(at: F.day("02-15")), 1)
    expectEqual(bitcoin.amountHeld(at: F.day("03-01")), F.d("0.6"))
    expectEqual(bitcoin.amount, F.d("0.6"))
  }

  @Test func openLotsAreWhatSellsLeftOldestFirst() throws {
    var portfolio = try portfolio()
    try portfolio.record(F.tx(.buy, "1", at: "200", on: "02-01"), to: "bitcoin")
    // The sell of 0.4 took from the January lot, which has 0.6 left.
    #expect(
      portfolio.holding(id: "bitcoin")?.lots.map { [$0.amount, $0.cost ?? -1] } == [
        [F.d("0.6"), 100], [1, 200],
      ])
  }

  @Test func removeCorrectsOpenLotsNewestFirstAndKeepsTheSale() throws {
    var portfolio = try portfolio()
    try portfolio.record(F.tx(.buy, "1", at: "200", on: "02-01"), to: "bitcoin")
    // 0.6 left of the first buy and all of the second: removing 1.2 takes the second (the
    // newest) whole and 0.2 of the first (which shrinks to 0.8, the 0.4 sold kept).
    try portfolio.remove(F.d("1.2"), of: "bitcoin")
    let bitcoin = try #require(portfolio.holding(id: "bitcoin"))
    expectEqual(bitcoin.transactions.map(\.amount), [F.d("0.8"), F.d("0.4")])
    #expect(bitcoin.firstOverdraw == nil)
    expectEqual(bitcoin.amount, F.d("0.4"))
  }
}
