import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Money rounded once per figure, and a year's totals as the sums of the rows shown.
@Suite struct GainsStatementTests {
  typealias F = LedgerFixtures

  @Test func proceedsCostAndGainAreEachRoundedFromTheExactFigure() {
    // Bought 0.001 at 15 (cost 0.015), sold at 5 (proceeds 0.005): the proceeds round to 0.00
    // and the cost to 0.02 (half to even), the exact gain −0.01 stays −0.01 — not 0.00 − 0.02.
    let ledger = F.ledger([
      F.tx(.buy, "0.001", at: "15", on: "01-01", id: "1"),
      F.tx(.sell, "0.001", at: "5", on: "01-02", id: "2"),
    ])
    let sale = SaleFigures(ledger.realized[0], in: "usd", rule: .afterAnniversary)
    expectEqual(sale.proceeds, 0)
    expectEqual(sale.costBasis, F.d("0.02"))
    expectEqual(sale.gain, F.d("-0.01"))
    expectEqual(sale.lots[0].costBasis, F.d("0.02"))
  }

  @Test func aShareOnTheHalfCentRoundsToEven() {
    // 2.88 bought at 52,241 + fee 1: 150,455.08. 0.36 of it costs 150,455.08 × 0.36 / 2.88 =
    // 18,806.885 exactly — a tie, so 18,806.88 (8 is even); the division must be exact for it.
    let ledger = F.ledger([
      F.tx(.buy, "2.88", at: "52241", fee: "1", on: "01-01", id: "1"),
      F.tx(.sell, "0.36", at: "59603", on: "01-02", id: "2"),
    ])
    expectEqual(ledger.realized[0].costBasis, F.d("18806.885"))
    let sale = SaleFigures(ledger.realized[0], in: "usd", rule: .afterAnniversary)
    expectEqual(sale.costBasis, F.d("18806.88"))
    expectEqual(sale.lots[0].costBasis, F.d("18806.88"))
    // Proceeds 0.36 × 59,603 = 21,457.08; gain 2,650.195 → 2,650.20 (9 is odd: up).
    expectEqual(sale.gain, F.d("2650.2"))
  }

  @Test func aYearsTotalsAreTheSumsOfTheRoundedRows() {
    // 2 bought at 10.005: each sale of 1 costs 10.005, shown as 10.00 (0 is even), so the
    // year's cost basis is 20.00 — the rows' sum — not the exact 20.01; likewise the gains
    // 9.995 → 10.00 (9 is odd: up), 20.00 in all, where the exact sum is 19.99.
    let ledger = F.ledger([
      F.tx(.buy, "2", at: "10.005", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "20", on: "02-01", id: "2"),
      F.tx(.sell, "1", at: "20", on: "03-01", id: "3"),
    ])
    let statement = GainsStatement(
      ledger.realized, currency: "usd", method: .fifo, spread: OneCore())
    expectEqual(statement.sales.map(\.costBasis), [F.d("10.00"), F.d("10.00")])
    expectEqual(statement.sales.map(\.gain), [F.d("10.00"), F.d("10.00")])
    let year = statement.years[0]
    #expect((year.proceeds, year.costBasis, year.gain) == (40, 20, 20))
    expectEqual(year.shortTerm, GainsTotals(proceeds: 40, costBasis: 20, gain: 20, count: 2))
  }

  @Test func salesPickedFromLedgersAreInTheOrderGiven() {
    let first = F.ledger([
      F.tx(.buy, "2", at: "10", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "15", on: "01-05", id: "2"),
      F.tx(.sell, "1", at: "12", on: "01-09", id: "3"),
    ])
    let second = F.ledger([
      F.tx(.buy, "1", at: "100", on: "01-02", id: "4"),
      F.tx(.sell, "1", at: "90", on: "01-07", id: "5"),
    ])
    let statement = GainsStatement(
      ledgers: [first, second], order: [(0, 0), (1, 0), (0, 1)], currency: "usd", method: .fifo,
      spread: OneCore())
    expectEqual(statement.sales.map(\.sale.transactionID), ["2", "5", "3"])
    // Gains 15 − 10, 90 − 100 and 12 − 10; proceeds 15 + 90 + 12 = 117, costs 10 + 100 + 10
    // = 120: a loss of 3 for the year.
    expectEqual(statement.sales.map(\.gain), [5, -10, 2])
    let year = statement.years[0]
    #expect((year.proceeds, year.costBasis, year.gain) == (117, 120, -3))
  }

  @Test func theCoinsSoldAreEachNamedOnce() {
    let bitcoin = F.ledger([
      F.tx(.buy, "2", at: "10", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "15", on: "01-05", id: "2"),
      F.tx(.sell, "1", at: "12", on: "01-09", id: "3"),
    ])
    let ether = LedgerBuilder.ledger(
      of: Holding(
        id: "ethereum",
        transactions: [
          F.tx(.buy, "1", at: "100", on: "01-02", id: "4"),
          F.tx(.sell, "1", at: "90", on: "01-07", id: "5"),
        ]), in: "usd", method: .fifo)
    let statement = GainsStatement(
      ledgers: [bitcoin, ether], year: nil, currency: "usd", method: .fifo, spread: OneCore())
    expectEqual(statement.sales.count, 3)
    expectEqual(statement.soldCoins, ["bitcoin", "ethereum"])
    let none = GainsStatement([], currency: "usd", method: .fifo, spread: OneCore())
    #expect(none.soldCoins.isEmpty)
  }

  @Test func yearsSplitAndUnknownFiguresStayUnknown() {
    let ledger = F.ledger([
      F.tx(.buy, "1", on: "01-01", id: "1"),  // no cost
      F.tx(.buy, "1", at: "10", on: "01-02", id: "2"),
      F.tx(.sell, "1", at: "20", on: "01-03", id: "3"),
    ])
    var sales = ledger.realized
    var later = sales[0]
    later.date = PortfolioFixtures.date("2027-01-01T00:00:00Z")
    sales.append(
      RealizedGain(
        transactionID: "9", coin: "bitcoin", date: later.date, amount: 1, proceeds: 5,
        costBasis: 2, fee: 0))
    let statement = GainsStatement(sales, currency: "usd", method: .fifo, spread: OneCore())
    expectEqual(statement.years.map(\.year), [2026, 2027])
    expectEqual(statement.years[0].proceeds, 20)
    #expect(statement.years[0].costBasis == nil && statement.years[0].gain == nil)
    #expect(statement.years[0].shortTerm?.costBasis == nil)
    expectEqual(statement.years[1].gain, 3)
  }

  @Test func jpyRoundsToWholeYenAndBtcToSatoshis() {
    let ledger = F.ledger([
      F.tx(.buy, "3", at: "1000", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "1000.5", on: "01-02", id: "2"),
    ])
    expectEqual(SaleFigures(ledger.realized[0], in: "jpy", rule: .afterAnniversary).proceeds, 1000)
    let coin = F.ledger([
      F.tx(.buy, "3", at: "0.1", on: "01-01", id: "1"),
      F.tx(.sell, "1", at: "0.123456785", on: "01-02", id: "2"),
    ])
    #expect(
      SaleFigures(coin.realized[0], in: "btc", rule: .afterAnniversary).proceeds
        == F.d("0.12345678"))
  }
}
