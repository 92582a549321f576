import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// The UK tax year's report: the SA108 figures, the 2024/25 split, the annual exempt amount,
/// losses brought forward and carried on; and share matching's invariants over generated
/// histories.
@Suite struct UKTaxYearTests {
  @Test func theAnnualExemptAmountOfEachYear() {
    expectEqual(UKTaxYear.annualExemptAmount(2019), 12_000)
    expectEqual(UKTaxYear.annualExemptAmount(2020), 12_300)
    expectEqual(UKTaxYear.annualExemptAmount(2022), 12_300)
    expectEqual(UKTaxYear.annualExemptAmount(2023), 6_000)
    expectEqual(UKTaxYear.annualExemptAmount(2024), 3_000)
    expectEqual(UKTaxYear.annualExemptAmount(2030), 3_000)
    #expect(UKTaxYear.annualExemptAmount(2013) == nil)
  }

  @Test func lossesBroughtForwardOnlyBringGainsDownToTheExemptAmount() {
    // 2022/23: a loss of £5,000. 2023/24: a gain of £10,000, £4,000 over the £6,000 exempt
    // amount: £4,000 of the losses used, £1,000 carried on, nothing taxable. 2024/25: a gain of
    // £2,000, under £3,000: none used, £1,000 still carried.
    let report = UKTaxReport(holdings: [
      Holding(
        id: "token",
        transactions: [
          F.buy("1", "1", for: "10000", on: "2022-05-01"),
          F.sell("2", "1", for: "5000", on: "2022-06-01"),
          F.buy("3", "1", for: "1000", on: "2023-05-01"),
          F.sell("4", "1", for: "11000", on: "2023-06-01"),
          F.buy("5", "1", for: "1000", on: "2024-05-01"),
          F.sell("6", "1", for: "3000", on: "2024-06-01"),
        ])
    ])
    let years = report.years
    expectEqual(years.map(\.label), ["2022/23", "2023/24", "2024/25"])
    #expect(
      years[0].figures
        == SA108Figures(disposals: 1, proceeds: 5_000, allowableCosts: 10_000, losses: 5_000))
    #expect(
      (years[0].lossesUsed, years[0].lossesCarriedForward, years[0].taxableGain) == (0, 5_000, 0))
    expectEqual(years[1].lossesBroughtForward, 5_000)
    #expect(
      (years[1].lossesUsed, years[1].lossesCarriedForward, years[1].taxableGain) == (
        4_000, 1_000, 0
      ))
    expectEqual(years[2].annualExemptAmount, 3_000)
    #expect(
      (years[2].lossesUsed, years[2].lossesCarriedForward, years[2].taxableGain) == (0, 1_000, 0))
    // The pool is empty at each year's end.
    #expect(
      years[0].pools == [UKPoolState(coin: "token", pool: Section104Pool(amount: 0, cost: 0))])
  }

  @Test func theYearsOwnLossesAreUsedInFullAndTheRestIsTaxable() {
    // 2024/25: gains £9,000 and £1,000, a loss of £2,000: net £8,000; £500 brought forward from
    // before the history, all used (£8,000 − £3,000 = £5,000 left over); taxable £4,500.
    let report = UKTaxReport(
      holdings: [
        Holding(
          id: "a",
          transactions: [
            F.buy("1", "1", for: "1000", on: "2024-05-01"),
            F.sell("2", "1", for: "10000", on: "2024-06-01"),
          ]),
        Holding(
          id: "b",
          transactions: [
            F.buy("1", "2", for: "4000", on: "2024-05-01"),
            F.sell("2", "1", for: "3000", on: "2024-06-01"),
            F.sell("3", "1", for: "0.01", on: "2024-06-02"),
          ]),
      ], lossesBroughtForward: 500)
    let year = report.years[0]
    // b: 1 for £3,000 against £2,000, a gain of £1,000; 1 for £0.01, a loss of £1,999.99.
    #expect(
      year.figures
        == SA108Figures(
          disposals: 3, proceeds: F.d("13000.01"), allowableCosts: 5_000, gains: 10_000,
          losses: F.d("1999.99")))
    #expect((year.lossesUsed, year.lossesCarriedForward) == (500, 0))
    expectEqual(year.taxableGain, F.d("4500.01"))
    expectEqual(year.pools.map(\.coin), ["a", "b"])
  }

  @Test func year2024IsSplitOn30October() {
    // A gain of £100 on 29 October 2024 (London), one of £50 on 30 October: before and after.
    let report = UKTaxReport(holdings: [
      Holding(
        id: "token",
        transactions: [
          F.buy("1", "2", for: "200", on: "2024-05-01"),
          F.sell("2", "1", for: "200", on: "2024-10-29T23:30:00Z"),  // 23:30 GMT: the 29th
          F.sell("3", "1", for: "150", on: "2024-10-30T00:30:00Z"),
        ])
    ])
    let year = report.years[0]
    #expect(
      year.split?.before
        == SA108Figures(disposals: 1, proceeds: 200, allowableCosts: 100, gains: 100))
    #expect(
      year.split?.after == SA108Figures(disposals: 1, proceeds: 150, allowableCosts: 100, gains: 50)
    )
    let other = UKTaxReport(holdings: [
      Holding(id: "token", transactions: [F.buy("1", "1", for: "1", on: "2023-05-01")])
    ])
    #expect(other.years[0].split == nil)
  }

  @Test func aYearWithNoEventsBetweenTwoIsStillReported() {
    let report = UKTaxReport(holdings: [
      Holding(
        id: "token",
        transactions: [
          F.buy("1", "2", for: "200", on: "2020-05-01"),
          F.sell("2", "1", for: "300", on: "2022-05-01"),
        ])
    ])
    expectEqual(report.years.map(\.label), ["2020/21", "2021/22", "2022/23"])
    expectEqual(report.years[1].pools[0].pool, Section104Pool(amount: 2, cost: 200))
    expectEqual(report.years[1].figures.disposals, 0)
  }

  @Test func aYearOutsideTheHistoryIsAnEmptyReport() {
    let report = UKTaxReport(holdings: [
      Holding(
        id: "token",
        transactions: [
          F.buy("1", "2", for: "200", on: "2023-05-01"),
          F.sell("2", "1", for: "50", on: "2023-06-01"),
        ])
    ])
    // Before the first transaction: nothing at all.
    let before = report.year(2019)
    #expect((before.label, before.figures, before.pools) == ("2019/20", SA108Figures(), []))
    #expect((before.annualExemptAmount, before.lossesCarriedForward) == (12_000, 0))
    // After the last: the pool still held and the £50 loss still carried.
    let after = report.year(2025)
    expectEqual(after.figures.disposals, 0)
    expectEqual(
      after.pools, [UKPoolState(coin: "token", pool: Section104Pool(amount: 1, cost: 100))])
    #expect(
      (after.lossesBroughtForward, after.lossesUsed, after.lossesCarriedForward) == (50, 0, 50))
    expectEqual(report.year(2023), report.years[0])
  }

  /// A generated history of one coin that never sells more than it holds: buys, sales, income
  /// and transfers out on days within a few months, several on some days.
  static func history(seed: UInt64) -> [Transaction] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var held: Decimal = 0
    var transactions: [Transaction] = []
    var day = ISO8601Timestamp.daysFromCivil(year: 2024, month: 1, day: 1)
    for index in 0..<60 {
      day += next(4)
      let date = Date(timeIntervalSince1970: Double(day * 86_400 + next(86_400)))
      let amount = Decimal(1 + next(500)) / 100
      let price = Decimal(1 + next(9_000)) / 10
      let id = String(index + 1)
      switch next(10) {
      case 0...3:
        transactions.append(
          Transaction(
            id: id, kind: .buy, amount: amount, price: price, currency: "gbp",
            fee: Decimal(next(3)), date: date))
        held += amount
      case 4:
        transactions.append(
          Transaction(
            id: id, kind: .transferIn, amount: amount, price: price, currency: "gbp", date: date,
            isIncome: true))
        held += amount
      case 5...8 where held > 0:
        let sold = min(amount, held)
        transactions.append(
          Transaction(
            id: id, kind: .sell, amount: sold, price: price, currency: "gbp", fee: Decimal(next(2)),
            date: date))
        held -= sold
      case 9 where held > 0:
        let out = min(amount, held)
        transactions.append(Transaction(id: id, kind: .transferOut, amount: out, date: date))
        held -= out
      default: break
      }
    }
    return transactions
  }

  @Test func everyDisposalIsMatchedInFullAndThePoolNeverGoesNegative() {
    for seed in UInt64(1)...200 {
      let transactions = Self.history(seed: seed)
      let holding = Holding(id: "token", transactions: transactions)
      let report = UKTaxReport(holdings: [holding])
      for disposal in report.disposals {
        let matched = disposal.matches.reduce(Decimal(0)) { $0 + $1.amount }
        #expect(matched == disposal.amount, "seed \(seed) day \(disposal.day)")
        // A history that never sells more than it holds leaves nothing unmatched.
        #expect(!disposal.matches.contains { $0.rule == .unmatched }, "seed \(seed)")
        #expect(
          disposal.matches.allSatisfy { $0.amount > 0 && ($0.cost ?? -1) >= 0 }, "seed \(seed)")
      }
      for year in report.years {
        for state in year.pools {
          #expect(state.pool.amount >= 0 && (state.pool.cost ?? -1) >= 0, "seed \(seed)")
        }
      }
      // What is left in the pool at the end is what is held.
      #expect(report.years.last?.pools.first?.pool.amount ?? 0 == holding.amount, "seed \(seed)")
      // Sales on one day are one disposal.
      let saleDays = Set(
        transactions.filter { $0.kind == .sell }.map { TaxZone.europeLondon.day(of: $0.date!) })
      #expect(report.disposals.count == saleDays.count, "seed \(seed)")
    }
  }
}
