import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// The rule sets as values: what each decides, the options each refuses (naming the rule),
/// and the US report's Form 8949 boxes and Schedule D totals.
@Suite struct TaxRulesTests {
  @Test func eachSetDecidesCurrencyYearZoneMatchingAndForm() {
    expectEqual(TaxRules.all.map(\.name), ["us", "uk", "de"])
    expectEqual(TaxRules.named("UK"), .uk)
    #expect(TaxRules.named("fr") == nil)
    expectEqual(TaxRules.unknown("fr"), "Unknown rules 'fr' (choose us, uk or de)")
    #expect(
      (TaxRules.us.currency, TaxRules.uk.currency, TaxRules.de.currency) == ("usd", "gbp", "eur"))
    expectEqual(TaxRules.uk.zone.name, "Europe/London")
    expectEqual(TaxRules.de.zone.name, "Europe/Berlin")
    expectEqual(TaxRules.uk.taxYear, .fromSixthOfApril)
    expectEqual(TaxRules.de.taxYear, .calendarYear)
    expectEqual(TaxRules.uk.matching, .shareMatching)
    expectEqual(TaxRules.de.matching, .firstInFirstOutOneYear(scope: .wallet))
    #expect(
      (TaxRules.us.form, TaxRules.uk.form, TaxRules.de.form) == (.scheduleD, .sa108, .anlageSO))
  }

  @Test func optionsAreAcceptedOnlyWhereTheRulesAllow() throws {
    let us = try TaxRules.us.with(method: .hifo, scope: .wallet, longTerm: .afterDays(365)).get()
    expectEqual(us.matching, .lots(method: .hifo, scope: .wallet, longTerm: .afterDays(365)))
    expectEqual(TaxRules.uk.with(scope: .wallet), .failure(.ukOnePool))
    #expect(
      TaxRules.uk.with(scope: .wallet).failure?.message
        == "--scope wallet cannot be used with --rules uk: HMRC pools each coin once per person "
        + "(one section 104 pool across every wallet)")
    expectEqual(TaxRules.uk.with(scope: .universal), .success(.uk))
    expectEqual(TaxRules.uk.with(method: .fifo), .failure(.ukMethod(.fifo)))
    expectEqual(TaxRules.de.with(method: .lifo), .failure(.germanFIFO(.lifo)))
    expectEqual(TaxRules.de.with(longTerm: .afterDays(100)), .failure(.noLongTerm("de")))
    let onePool = try TaxRules.de.with(method: .fifo, scope: .universal).get()
    expectEqual(onePool.matching, .firstInFirstOutOneYear(scope: .universal))
    #expect(
      TaxRules.us.with(method: .average, longTerm: .afterDays(1)) == .failure(.longTermWithAverage))
  }

  /// The docs' three lots and two sales (docs/portfolio.md), in dollars.
  static let docsExample: [Transaction] = [
    Transaction(
      id: "1", kind: .buy, amount: 1, price: 100, currency: "usd", fee: 1,
      date: F.at("2024-02-29T00:00:00Z")),
    Transaction(
      id: "2", kind: .buy, amount: 2, price: 300, currency: "usd",
      date: F.at("2025-01-10T00:00:00Z")),
    Transaction(
      id: "3", kind: .buy, amount: 1, price: 200, currency: "usd", fee: 2,
      date: F.at("2025-02-01T00:00:00Z")),
    Transaction(
      id: "4", kind: .sell, amount: F.d("1.5"), price: 400, currency: "usd", fee: 3,
      date: F.at("2025-03-01T00:00:00Z")),
    Transaction(
      id: "5", kind: .sell, amount: 2, price: 250, currency: "usd",
      date: F.at("2025-03-02T00:00:00Z")),
  ]

  @Test func theUSReportPutsEachLotInItsForm8949Box() throws {
    let holdings = [Holding(id: "bitcoin", transactions: Self.docsExample)]
    guard case .us(let statement, let years) = TaxRules.us.report(of: holdings, spread: OneCore())
    else {
      Issue.record("not a US report")
      return
    }
    expectEqual(statement.sales.map(\.sale.transactionID), ["4", "5"])
    // 2025, no basis reported on a 1099-DA: lot 1 (bought 29 February 2024, sold 1 March
    // 2025: long, its year ended 28 February) in box K, the other three short in box H.
    let year = try #require(years.first)
    expectEqual(year.year, 2025)
    expectEqual(year.rows.map(\.box), [.k, .h, .h, .h])
    expectEqual(year.rows.map(\.lot.lot.acquiredID), ["1", "2", "2", "3"])
    // Short: 199 + 375 + 125 = 699 against 150 + 450 + 101 = 701; long 398 against 101.
    expectEqual(year.shortTerm, GainsTotals(proceeds: 699, costBasis: 701, gain: -2, count: 3))
    expectEqual(year.longTerm, GainsTotals(proceeds: 398, costBasis: 101, gain: 297, count: 1))
    expectEqual(year.boxes.map(\.box), [.h, .k])
    expectEqual(year.boxes.map(\.totals), [year.shortTerm, year.longTerm])
    // Without a form: I and L; reported: G and J.
    let none = TaxRules.us.report(
      of: holdings, settings: TaxSettings(basisReporting: .noForm), spread: OneCore())
    guard case .us(_, let noForm) = none else { return }
    expectEqual(noForm[0].boxes.map(\.box), [.i, .l])
  }

  @Test func boxesBeforeAndFrom2025() {
    expectEqual(Form8949Box.box(term: .short, year: 2024, reporting: .reported), .a)
    expectEqual(Form8949Box.box(term: .short, year: 2024, reporting: .notReported), .b)
    expectEqual(Form8949Box.box(term: .short, year: 2024, reporting: .noForm), .c)
    expectEqual(Form8949Box.box(term: .long, year: 2024, reporting: .reported), .d)
    expectEqual(Form8949Box.box(term: .long, year: 2024, reporting: .notReported), .e)
    expectEqual(Form8949Box.box(term: .long, year: 2024, reporting: .noForm), .f)
    expectEqual(Form8949Box.box(term: .short, year: 2025, reporting: .reported), .g)
    expectEqual(Form8949Box.box(term: .short, year: 2025, reporting: .notReported), .h)
    expectEqual(Form8949Box.box(term: .short, year: 2025, reporting: .noForm), .i)
    expectEqual(Form8949Box.box(term: .long, year: 2026, reporting: .reported), .j)
    expectEqual(Form8949Box.box(term: .long, year: 2026, reporting: .notReported), .k)
    expectEqual(Form8949Box.box(term: .long, year: 2026, reporting: .noForm), .l)
    #expect(
      Form8949Box.allCases.filter { $0.term == .long }.map(\.rawValue) == [
        "D", "E", "F", "J", "K", "L",
      ])
  }

  @Test func theSameHistoryByEachSet() {
    // 1 coin bought for 1,000 and sold for 1,500 a year and a day later (by local days), in
    // each set's currency: US long term, UK a £500 gain from the pool, German tax-free.
    func holding(_ currency: String) -> [Holding] {
      [
        Holding(
          id: "bitcoin",
          transactions: [
            F.buy("1", "1", for: "1000", on: "2024-03-10", currency: currency),
            F.sell("2", "1", for: "1500", on: "2025-03-11", currency: currency),
          ])
      ]
    }
    guard case .us(let statement, _) = TaxRules.us.report(of: holding("usd"), spread: OneCore()),
      case .uk(let uk) = TaxRules.uk.report(of: holding("gbp"), spread: OneCore()),
      case .de(let de) = TaxRules.de.report(of: holding("eur"), spread: OneCore())
    else {
      Issue.record("a set reported by another's form")
      return
    }
    expectEqual(statement.sales[0].lots[0].term, .long)
    expectEqual(uk.disposals[0].gain, 500)
    expectEqual(uk.years.map(\.label), ["2023/24", "2024/25"])
    #expect(de.years.last!.sales[0].lots[0].taxFree)
    expectEqual(de.years.last!.taxFreeResult, 500)
  }
}

extension Result {
  /// The error, when failed.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
