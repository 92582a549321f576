import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// An export that starts mid-history: a sale of more than held gets the missing coins, of
/// unknown cost, just before it; coins' own CSV refuses it.
@Suite struct PortfolioImportShortfallTests {
  static let day = Date(timeIntervalSince1970: 1_767_225_600)

  static func row(_ line: Int, _ kind: TransactionKind, _ amount: Decimal, id: String)
    -> ImportRow
  {
    ImportRow(
      line: line, coin: "bitcoin",
      transaction: Transaction(
        kind: kind, amount: amount, price: 40_000, currency: "usd", date: day, externalID: id))
  }

  @Test func theMissingCoinsAreAddedAtAnUnknownCostBeforeTheSale() throws {
    let rows = [Self.row(2, .buy, 1, id: "a"), Self.row(3, .sell, 1.5, id: "b")]
    var portfolio = Portfolio()
    let outcome = try PortfolioImport.apply(rows, to: &portfolio, shortfall: .cover)
    expectEqual(outcome.added, 2)
    expectEqual(outcome.covered, [PortfolioImport.Shortfall(line: 3, coin: "bitcoin", amount: 0.5)])
    let transactions = portfolio.holdings.first?.transactions ?? []
    expectEqual(transactions.map(\.kind), [.buy, .transferIn, .sell])
    #expect(transactions[1].costUnknown && transactions[1].price == nil)
    #expect(portfolio.holdings.first?.firstOverdraw == nil)
    let ledger = LedgerBuilder.ledger(of: portfolio.holdings[0], in: "usd", method: .fifo)
    #expect(ledger.realized.first?.costBasis == nil)  // part of it came from the unknown coins

    let again = try PortfolioImport.apply(rows, to: &portfolio, shortfall: .cover)
    #expect(again.added == 0 && again.alreadyThere == 2 && again.covered.isEmpty)

    var refused = Portfolio()
    #expect(throws: ImportError.self) {
      try PortfolioImport.apply(rows, to: &refused, shortfall: .refuse)
    }
  }

  @Test func eachSaleGetsItsOwnStandInAndALaterExportRemovesTheOneItBringsIn() throws {
    // Held through the day: 1, then 1.5 sold (0.5 missing), 1 bought, 2 sold (1 missing).
    let rows = [
      Self.row(2, .buy, 1, id: "a"), Self.row(3, .sell, 1.5, id: "b"),
      Self.row(4, .buy, 1, id: "c"), Self.row(5, .sell, 2, id: "d"),
    ]
    var portfolio = Portfolio()
    let outcome = try PortfolioImport.apply(rows, to: &portfolio, shortfall: .cover)
    #expect(
      outcome.covered == [
        PortfolioImport.Shortfall(line: 3, coin: "bitcoin", amount: 0.5),
        PortfolioImport.Shortfall(line: 5, coin: "bitcoin", amount: 1),
      ])
    // The rows take 1–4, the stand-ins 5 and 6, each just before its sale.
    var transactions = portfolio.holdings.first?.transactions ?? []
    #expect(transactions.map(\.id) == ["1", "5", "2", "3", "6", "4"])
    #expect(transactions.map(\.amount) == [1, 0.5, 1.5, 1, 1, 2])

    let again = try PortfolioImport.apply(rows, to: &portfolio, shortfall: .cover)
    #expect(again.alreadyThere == 4 && again.covered.isEmpty && again.heldBeforeRemoved == 0)
    #expect(portfolio.holdings.first?.transactions.map(\.id) == transactions.map(\.id))

    // An earlier export brings in the 0.5 the first sale lacked: its stand-in (5) goes, the
    // second sale still lacks 1 and keeps its own (6).
    let deposit = ImportRow(
      line: 2, coin: "bitcoin",
      transaction: Transaction(
        kind: .transferIn, amount: 0.5, date: Self.day.addingTimeInterval(-86_400),
        externalID: "e"))
    let earlier = try PortfolioImport.apply([deposit], to: &portfolio, shortfall: .cover)
    #expect(earlier.added == 1 && earlier.heldBeforeRemoved == 1 && earlier.covered.isEmpty)
    transactions = portfolio.holdings.first?.transactions ?? []
    #expect(transactions.map(\.id) == ["1", "2", "3", "6", "4", "7"])
    #expect(portfolio.holdings.first?.firstOverdraw == nil)
  }

  @Test func aTransferInOfUnknownCostIsHeldUncosted() {
    let holding = Holding(
      id: "bitcoin",
      transactions: [
        Transaction(id: "1", kind: .transferIn, amount: 1, date: Self.day, costUnknown: true),
        Transaction(
          id: "2", kind: .transferIn, amount: 2, date: Self.day.addingTimeInterval(86_400)),
      ])
    let ledger = LedgerBuilder.ledger(of: holding, in: "usd", method: .fifo)
    expectEqual(ledger.amount, 3)
    expectEqual(ledger.costedAmount, 2)  // the one without the mark still costs 0
    expectEqual(ledger.costBasis, 0)
    expectEqual(holding.lots.map(\.cost), [nil, 0])
  }
}
