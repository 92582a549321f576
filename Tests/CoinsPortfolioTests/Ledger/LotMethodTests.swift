import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// FIFO, LIFO and HIFO on one history of three lots and two sales, every figure worked by hand
/// in the comments; then the ordering rules one at a time.
@Suite struct LotMethodTests {
  typealias F = LedgerFixtures

  static func date(_ text: String) -> Date { PortfolioFixtures.date("\(text)T00:00:00Z") }

  /// Lot 1: 1 at 100 + fee 1 on 2024-02-29 (cost 101, 101 a coin). Lot 2: 2 at 300 on
  /// 2025-01-10 (600, 300 a coin). Lot 3: 1 at 200 + fee 2 on 2025-02-01 (202, 202 a coin).
  /// Sale 4: 1.5 at 400 − fee 3 on 2025-03-01 (proceeds 597, 398 a coin). Sale 5: 2 at 250 on
  /// 2025-03-02 (proceeds 500, 250 a coin).
  static let threeLotsTwoSales = [
    tx(.buy, "1", at: "100", fee: "1", on: "2024-02-29", id: "1"),
    tx(.buy, "2", at: "300", on: "2025-01-10", id: "2"),
    tx(.buy, "1", at: "200", fee: "2", on: "2025-02-01", id: "3"),
    tx(.sell, "1.5", at: "400", fee: "3", on: "2025-03-01", id: "4"),
    tx(.sell, "2", at: "250", on: "2025-03-02", id: "5"),
  ]

  static func tx(
    _ kind: TransactionKind, _ amount: String, at price: String? = nil, fee: String? = nil,
    on day: String, id: String
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: F.d(amount), price: price.map(F.d), fee: fee.map(F.d),
      date: date(day))
  }

  /// A lot as expected: the buy's id, coins, proceeds, cost basis, gain, days and term.
  struct Expected: Equatable, CustomStringConvertible {
    var id: String
    var amount, proceeds, costBasis, gain: Decimal
    var days: Int
    var term: HoldingTerm

    init(
      _ id: String, _ amount: String, _ proceeds: String, _ cost: String, _ gain: String,
      _ days: Int, _ term: HoldingTerm
    ) {
      (self.id, self.days, self.term) = (id, days, term)
      (self.amount, self.proceeds, self.costBasis, self.gain) = (
        F.d(amount), F.d(proceeds), F.d(cost), F.d(gain)
      )
    }

    init(_ lot: LotFigures) {
      (id, amount, days, term) = (lot.lot.acquiredID, lot.lot.amount, lot.days ?? -1, lot.term!)
      (proceeds, costBasis, gain) = (lot.proceeds!, lot.costBasis!, lot.gain!)
    }

    var description: String {
      "\(id): \(amount) \(proceeds) \(costBasis) \(gain) \(days) \(term)"
    }
  }

  static func statement(_ method: CostBasisMethod) -> (HoldingLedger, GainsStatement) {
    let ledger = F.ledger(threeLotsTwoSales, method)
    return (
      ledger, GainsStatement(ledger.realized, currency: "usd", method: method, spread: OneCore())
    )
  }

  @Test func fifoTakesTheOldestLotsFirst() {
    let (ledger, statement) = Self.statement(.fifo)
    let (first, second) = (statement.sales[0], statement.sales[1])
    // Sale 4 takes lot 1 whole (101) and 0.5 of lot 2 (150): basis 251, gain 597 − 251 = 346.
    #expect((first.proceeds, first.costBasis, first.gain) == (597, 251, 346))
    // Lot 1 from 2024-02-29 to 2025-03-01 is 366 days, after its year ended on 28 February
    // (a month's last day completes each holding month on a month's last day): long.
    #expect(
      first.lots.map(Expected.init) == [
        Expected("1", "1", "398", "101", "297", 366, .long),
        Expected("2", "0.5", "199", "150", "49", 50, .short),
      ])
    // Sale 5 takes 1.5 of lot 2 (450) and 0.5 of lot 3 (101): basis 551, gain 500 − 551 = −51.
    #expect((second.proceeds, second.costBasis, second.gain) == (500, 551, -51))
    #expect(
      second.lots.map(Expected.init) == [
        Expected("2", "1.5", "375", "450", "-75", 51, .short),
        Expected("3", "0.5", "125", "101", "24", 29, .short),
      ])
    // Left: 0.5 of lot 3, costing 101.
    #expect((ledger.amount, ledger.costBasis) == (F.d("0.5"), 101))
    // 2025: 1,097 − 802 = 295; long term lot 1 alone (398 − 101 = 297), short term the rest:
    // 199 + 375 + 125 = 699 − (150 + 450 + 101 = 701) = −2.
    let year = statement.years[0]
    #expect((year.year, year.proceeds, year.costBasis, year.gain) == (2025, 1097, 802, 295))
    expectEqual(year.shortTerm, GainsTotals(proceeds: 699, costBasis: 701, gain: -2, count: 3))
    expectEqual(year.longTerm, GainsTotals(proceeds: 398, costBasis: 101, gain: 297, count: 1))
  }

  @Test func lifoTakesTheNewestLotsFirst() {
    let (ledger, statement) = Self.statement(.lifo)
    let (first, second) = (statement.sales[0], statement.sales[1])
    // Sale 4 takes lot 3 whole (202) and 0.5 of lot 2 (150): basis 352, gain 245.
    #expect((first.proceeds, first.costBasis, first.gain) == (597, 352, 245))
    #expect(
      first.lots.map(Expected.init) == [
        Expected("3", "1", "398", "202", "196", 28, .short),
        Expected("2", "0.5", "199", "150", "49", 50, .short),
      ])
    // Sale 5 takes the rest of lot 2 (1.5: 450), then 0.5 of lot 1 (50.5) — held 367 days,
    // sold after its year ended on 28 February: long term.
    #expect((second.proceeds, second.costBasis, second.gain) == (500, F.d("500.5"), F.d("-0.5")))
    #expect(
      second.lots.map(Expected.init) == [
        Expected("2", "1.5", "375", "450", "-75", 51, .short),
        Expected("1", "0.5", "125", "50.5", "74.5", 367, .long),
      ])
    #expect((ledger.amount, ledger.costBasis) == (F.d("0.5"), F.d("50.5")))
    // 2025: 1,097 − 852.5 = 244.5; short 398 + 199 + 375 = 972 − (202 + 150 + 450 = 802) = 170,
    // long 125 − 50.5 = 74.5.
    let year = statement.years[0]
    #expect((year.proceeds, year.costBasis, year.gain) == (1097, F.d("852.5"), F.d("244.5")))
    expectEqual(year.shortTerm, GainsTotals(proceeds: 972, costBasis: 802, gain: 170, count: 3))
    #expect(
      year.longTerm
        == GainsTotals(proceeds: 125, costBasis: F.d("50.5"), gain: F.d("74.5"), count: 1))
  }

  @Test func hifoTakesTheHighestCostPerCoinFirst() {
    let (ledger, statement) = Self.statement(.hifo)
    let (first, second) = (statement.sales[0], statement.sales[1])
    // Costs a coin: lot 2 300, lot 3 202, lot 1 101. Sale 4 takes 1.5 of lot 2: 450, gain 147.
    #expect((first.proceeds, first.costBasis, first.gain) == (597, 450, 147))
    #expect(
      first.lots.map(Expected.init) == [Expected("2", "1.5", "597", "450", "147", 50, .short)])
    // Sale 5: the last 0.5 of lot 2 (150), lot 3 (202), 0.5 of lot 1 (50.5): 402.5, gain 97.5.
    #expect((second.proceeds, second.costBasis, second.gain) == (500, F.d("402.5"), F.d("97.5")))
    #expect(
      second.lots.map(Expected.init) == [
        Expected("2", "0.5", "125", "150", "-25", 51, .short),
        Expected("3", "1", "250", "202", "48", 29, .short),
        Expected("1", "0.5", "125", "50.5", "74.5", 367, .long),
      ])
    #expect((ledger.amount, ledger.costBasis) == (F.d("0.5"), F.d("50.5")))
    let year = statement.years[0]
    #expect((year.proceeds, year.costBasis, year.gain) == (1097, F.d("852.5"), F.d("244.5")))
    // Short 597 + 125 + 250 = 972 − (450 + 150 + 202 = 802) = 170; long as by LIFO.
    expectEqual(year.shortTerm, GainsTotals(proceeds: 972, costBasis: 802, gain: 170, count: 3))
    #expect(
      year.longTerm
        == GainsTotals(proceeds: 125, costBasis: F.d("50.5"), gain: F.d("74.5"), count: 1))
  }

  @Test func averageCostHasNoLotsNorTerms() {
    let (_, statement) = Self.statement(.average)
    // Pool of 4 costing 101 + 600 + 202 = 903: 1.5 of them 338.625, rounded half to even 338.62.
    expectEqual(statement.sales[0].costBasis, F.d("338.62"))
    #expect(statement.sales.allSatisfy { $0.lots.isEmpty })
    #expect(statement.years[0].shortTerm == nil && statement.years[0].longTerm == nil)
  }

  @Test func lifoTakesTheLaterEntryOfOneDayFirst() {
    // Both bought on 2025-05-01, the second entered later though at an earlier hour.
    var first = Self.tx(.buy, "1", at: "10", on: "2025-05-01", id: "1")
    first.date = PortfolioFixtures.date("2025-05-01T18:00:00Z")
    var second = Self.tx(.buy, "1", at: "20", on: "2025-05-01", id: "2")
    second.date = PortfolioFixtures.date("2025-05-01T06:00:00Z")
    let sale = Self.tx(.sell, "1", at: "30", on: "2025-05-02", id: "3")
    expectEqual(F.ledger([first, second, sale], .lifo).realized[0].lots.map(\.acquiredID), ["2"])
    expectEqual(F.ledger([first, second, sale], .fifo).realized[0].lots.map(\.acquiredID), ["1"])
  }

  @Test func hifoCountsTheFeeInTheCostAndBreaksTiesByAge() {
    // Lot 1: 105 a coin. Lot 2: 100 + fee 10 = 110 a coin. Lot 3: 2 at 105 = 105 a coin, as
    // lot 1. The sale of 3 takes lot 2, then lot 1 (older of the 105s), then 1 of lot 3.
    let ledger = F.ledger(
      [
        Self.tx(.buy, "1", at: "105", on: "2025-01-01", id: "1"),
        Self.tx(.buy, "1", at: "100", fee: "10", on: "2025-01-02", id: "2"),
        Self.tx(.buy, "2", at: "105", on: "2025-01-03", id: "3"),
        Self.tx(.sell, "3", at: "120", on: "2025-01-04", id: "4"),
      ], .hifo)
    expectEqual(ledger.realized[0].lots.map(\.acquiredID), ["2", "1", "3"])
    expectEqual(ledger.realized[0].costBasis, 320)  // 110 + 105 + 105
  }

  @Test func hifoTakesLotsOfUnknownCostLast() {
    // Lot 1 has no cost (a version-1 buy without one); lot 2 is a gift in at cost 0; lot 3
    // cost 50. A sale of 2.5 takes lot 3, lot 2, then half of lot 1: its cost is unknown.
    let ledger = F.ledger(
      [
        Self.tx(.buy, "1", on: "2025-01-01", id: "1"),
        Self.tx(.transferIn, "1", on: "2025-01-02", id: "2"),
        Self.tx(.buy, "1", at: "50", on: "2025-01-03", id: "3"),
        Self.tx(.sell, "2.5", at: "60", on: "2025-01-04", id: "4"),
      ], .hifo)
    let sale = ledger.realized[0]
    expectEqual(sale.lots.map(\.acquiredID), ["3", "2", "1"])
    expectEqual(sale.lots.map(\.costBasis), [50, 0, nil])
    #expect(sale.costBasis == nil && sale.gain == nil)
    expectEqual(sale.lots.map(\.proceeds), [60, 60, 30])
  }

  @Test func aTransferOutTakesLotsByTheSameMethod() {
    let history = [
      Self.tx(.buy, "1", at: "10", on: "2025-01-01", id: "1"),
      Self.tx(.buy, "1", at: "30", on: "2025-01-02", id: "2"),
      Self.tx(.buy, "1", at: "20", on: "2025-01-03", id: "3"),
      Self.tx(.transferOut, "1", on: "2025-01-04", id: "4"),
      Self.tx(.sell, "1", at: "40", on: "2025-01-05", id: "5"),
    ]
    // FIFO moves lot 1 out and sells lot 2; LIFO moves lot 3 and sells lot 2; HIFO moves lot 2
    // (30 a coin) and sells lot 3 (20).
    expectEqual(F.ledger(history, .fifo).realized[0].lots.map(\.acquiredID), ["2"])
    expectEqual(F.ledger(history, .lifo).realized[0].lots.map(\.acquiredID), ["2"])
    expectEqual(F.ledger(history, .hifo).realized[0].lots.map(\.acquiredID), ["3"])
    expectEqual(F.ledger(history, .lifo).costBasis, 10)
    expectEqual(F.ledger(history, .hifo).costBasis, 10)
  }

  @Test func aSalesLotsAddUpToItThoughTheirRoundedLinesMayNot() {
    // Three lots of 1 at 10; all 3 sold for 100: each lot's proceeds are 33.333…, the last
    // taking what is left so the parts sum to 100 (to Decimal's 38 digits); rounded each is
    // 33.33, 99.99 in all.
    let ledger = F.ledger(
      [
        Self.tx(.buy, "1", at: "10", on: "2025-01-01", id: "1"),
        Self.tx(.buy, "1", at: "10", on: "2025-01-02", id: "2"),
        Self.tx(.buy, "1", at: "10", on: "2025-01-03", id: "3"),
        Self.tx(.sell, "3", at: "100", fee: "200", on: "2025-01-04", id: "4"),
      ])
    let sale = ledger.realized[0]
    #expect(
      abs(sale.lots.compactMap(\.proceeds).reduce(0, +) - 100) < F.d("0.000000000000000000001"))
    let figures = SaleFigures(sale, in: "usd", rule: .afterAnniversary)
    expectEqual(figures.proceeds, 100)
    expectEqual(figures.lots.map(\.proceeds), [F.d("33.33"), F.d("33.33"), F.d("33.33")])
  }
}
