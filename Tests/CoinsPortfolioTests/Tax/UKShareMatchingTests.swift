import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// HMRC's worked examples (Cryptoassets Manual CRYPTO22251–CRYPTO22256, all six), to the penny: where
/// HMRC's text rounds to whole pounds, the exact figure from its inputs is asserted and HMRC's
/// noted beside it.
@Suite struct UKShareMatchingTests {
  static func report(_ transactions: [Transaction], lossesBroughtForward: Decimal = 0)
    -> UKTaxReport
  {
    UKTaxReport(
      holdings: [Holding(id: "token", transactions: transactions)],
      lossesBroughtForward: lossesBroughtForward)
  }

  @Test func example1Section104PoolDisposal() {
    // CRYPTO22251: 100 token A for £1,000, then 50 for £125,000; 50 sold for £300,000. The pool
    // of 150 cost £126,000: 50 cost £126,000 × 50 / 150 = £42,000; gain £258,000.
    let report = Self.report([
      F.buy("1", "100", for: "1000", on: "2020-01-01"),
      F.buy("2", "50", for: "125000", on: "2020-09-18"),
      F.sell("3", "50", for: "300000", on: "2020-12-01"),
    ])
    let disposal = report.disposals[0]
    expectEqual(disposal.matches, [ShareMatch(rule: .section104, amount: 50, cost: 42_000)])
    #expect(
      (disposal.proceeds, disposal.allowableCost, disposal.gain) == (300_000, 42_000, 258_000))
    // The pool keeps 100 token A at £84,000.
    let year = report.years.first { $0.year == 2020 }!
    expectEqual(year.label, "2020/21")
    #expect(
      year.pools == [UKPoolState(coin: "token", pool: Section104Pool(amount: 100, cost: 84_000))])
  }

  @Test func example2SameDayRule() {
    // CRYPTO22252: a pool of 5,000 token B costing £500; on one day 1,000 sold for £800, 1,600
    // bought for £1,000, 500 sold for £600: one disposal of 1,500 for £1,400, matched with the
    // same day's acquisition: £1,000 × 1,500 / 1,600 = £937.50 (HMRC: £938), gain £462.50
    // (HMRC: £462).
    let report = Self.report([
      F.buy("1", "5000", for: "500", on: "2021-01-10"),
      F.sell("2", "1000", for: "800", on: "2021-06-23T08:00:00Z"),
      F.buy("3", "1600", for: "1000", on: "2021-06-23T13:00:00Z"),
      F.sell("4", "500", for: "600", on: "2021-06-23T19:00:00Z"),
    ])
    expectEqual(report.disposals.count, 1)
    let disposal = report.disposals[0]
    expectEqual(disposal.transactionIDs, ["2", "4"])
    expectEqual(disposal.amount, 1_500)
    #expect(
      disposal.matches == [
        ShareMatch(
          rule: .sameDay, amount: 1_500, cost: F.d("937.5"), acquiredDay: F.day("2021-06-23"))
      ])
    expectEqual(disposal.proceeds, 1_400)
    expectEqual(disposal.gain, F.d("462.5"))
    // The other 100 and their £62.50 (HMRC: £62) join the pool: 5,100 costing £562.50 (HMRC:
    // £562).
    let year = report.years.first { $0.year == 2021 }!
    expectEqual(year.pools[0].pool, Section104Pool(amount: 5_100, cost: F.d("562.5")))
    #expect(
      year.figures
        == SA108Figures(
          disposals: 1, proceeds: 1_400, allowableCosts: F.d("937.5"), gains: F.d("462.5")))
  }

  @Test func example3ThirtyDayRule() {
    // CRYPTO22253: a pool of 2,000 token C costing £1,000. Sold 1,000 for £400 on 31 March and
    // 500 for £150 on 20 April; bought 700 for £175 on 21 April, 500 for £100 on 28 April, 500
    // for £150 on 1 May (31 days after 31 March: too late for it).
    let report = Self.report([
      F.buy("1", "2000", for: "1000", on: "2023-01-10"),
      F.sell("2", "1000", for: "400", on: "2023-03-31"),
      F.sell("3", "500", for: "150", on: "2023-04-20"),
      F.buy("4", "700", for: "175", on: "2023-04-21"),
      F.buy("5", "500", for: "100", on: "2023-04-28"),
      F.buy("6", "500", for: "150", on: "2023-05-01"),
    ])
    let (march, april) = (report.disposals[0], report.disposals[1])
    // 31 March: 700 of 21 April's (£175) and 300 of 28 April's (£100 × 300 / 500 = £60): gain
    // £400 − £235 = £165.
    #expect(
      march.matches == [
        ShareMatch(rule: .thirtyDay, amount: 700, cost: 175, acquiredDay: F.day("2023-04-21")),
        ShareMatch(rule: .thirtyDay, amount: 300, cost: 60, acquiredDay: F.day("2023-04-28")),
      ])
    expectEqual(march.gain, 165)
    // 20 April: the other 200 of 28 April's (£40) and 300 of 1 May's (£150 × 300 / 500 = £90):
    // gain £150 − £130 = £20.
    #expect(
      april.matches == [
        ShareMatch(rule: .thirtyDay, amount: 200, cost: 40, acquiredDay: F.day("2023-04-28")),
        ShareMatch(rule: .thirtyDay, amount: 300, cost: 90, acquiredDay: F.day("2023-05-01")),
      ])
    expectEqual(april.gain, 20)
    // The 200 left of 1 May's (£60) join the pool: 2,200 costing £1,060. The two disposals
    // fall in two tax years: 31 March in 2022/23, 20 April in 2023/24.
    expectEqual(report.years.map(\.label), ["2022/23", "2023/24"])
    expectEqual(report.years.map(\.figures.disposals), [1, 1])
    expectEqual(report.years[1].pools[0].pool, Section104Pool(amount: 2_200, cost: 1_060))
  }

  @Test func example4SameDayRuleWithThePool() {
    // CRYPTO22254: a pool of 8,000 token D costing £1,000. On 31 January: 5,000 sold for £500,
    // 4,000 bought for £320, 1,000 for £75, 1,000 for £70, 2,000 sold for £142, 500 bought for
    // £35 — one disposal of 7,000 for £642 and one acquisition of 6,500 for £500.
    let report = Self.report([
      F.buy("1", "8000", for: "1000", on: "2024-01-05"),
      F.sell("2", "5000", for: "500", on: "2025-01-31T09:00:00Z"),
      F.buy("3", "4000", for: "320", on: "2025-01-31T10:00:00Z"),
      F.buy("4", "1000", for: "75", on: "2025-01-31T11:00:00Z"),
      F.buy("5", "1000", for: "70", on: "2025-01-31T12:00:00Z"),
      F.sell("6", "2000", for: "142", on: "2025-01-31T13:00:00Z"),
      F.buy("7", "500", for: "35", on: "2025-01-31T14:00:00Z"),
    ])
    expectEqual(report.disposals.count, 1)
    let disposal = report.disposals[0]
    #expect((disposal.amount, disposal.proceeds) == (7_000, 642))
    // The same day's 6,500 (£500), then 500 from the pool: £1,000 × 500 / 8,000 = £62.50
    // (HMRC: £63); gain £642 − £562.50 = £79.50 (HMRC: £79).
    #expect(
      disposal.matches == [
        ShareMatch(rule: .sameDay, amount: 6_500, cost: 500, acquiredDay: F.day("2025-01-31")),
        ShareMatch(rule: .section104, amount: 500, cost: F.d("62.5")),
      ])
    expectEqual(disposal.gain, F.d("79.5"))
    // The pool: 7,500 costing £937.50 (HMRC: £937).
    let year = report.years.first { $0.year == 2024 }!
    expectEqual(year.pools[0].pool, Section104Pool(amount: 7_500, cost: F.d("937.5")))
  }

  @Test func example5ThirtyDayRuleWithThePool() {
    // CRYPTO22255: a pool of 14,000 token E costing £200,000; 4,000 sold for £160,000 on 30
    // August, 500 bought for £17,500 on 11 September (within 30 days): the 500 match the
    // sale, the other 3,500 come from the pool at £200,000 × 3,500 / 14,000 = £50,000; gain
    // £160,000 − £17,500 − £50,000 = £92,500.
    let report = Self.report([
      F.buy("1", "14000", for: "200000", on: "2022-01-05"),
      F.sell("2", "4000", for: "160000", on: "2022-08-30"),
      F.buy("3", "500", for: "17500", on: "2022-09-11"),
    ])
    let disposal = report.disposals[0]
    #expect(
      disposal.matches == [
        ShareMatch(rule: .thirtyDay, amount: 500, cost: 17_500, acquiredDay: F.day("2022-09-11")),
        ShareMatch(rule: .section104, amount: 3_500, cost: 50_000),
      ])
    expectEqual(disposal.gain, 92_500)
    // The pool keeps 10,500 costing £150,000: the 500 bought back never entered it.
    let year = report.years.first { $0.year == 2022 }!
    expectEqual(year.pools[0].pool, Section104Pool(amount: 10_500, cost: 150_000))
  }

  @Test func example6SameDayThirtyDayAndPool() {
    // CRYPTO22256: a pool of 100,000 token F costing £300,000.
    let report = Self.report([
      F.buy("1", "100000", for: "300000", on: "2023-05-01"),
      F.buy("2", "10000", for: "45000", on: "2023-07-31T09:00:00Z"),
      F.sell("3", "30000", for: "150000", on: "2023-07-31T15:00:00Z"),
      F.sell("4", "20000", for: "100000", on: "2023-08-05"),
      F.buy("5", "50000", for: "225000", on: "2023-08-06"),
      F.sell("6", "100000", for: "150000", on: "2023-08-07"),
    ])
    let (july, august5, august7) = (report.disposals[0], report.disposals[1], report.disposals[2])
    // 31 July: 10,000 the same day (£45,000), 20,000 of 6 August's (£225,000 × 20,000 / 50,000 =
    // £90,000): gain £15,000.
    #expect(
      july.matches == [
        ShareMatch(rule: .sameDay, amount: 10_000, cost: 45_000, acquiredDay: F.day("2023-07-31")),
        ShareMatch(
          rule: .thirtyDay, amount: 20_000, cost: 90_000, acquiredDay: F.day("2023-08-06")),
      ])
    expectEqual(july.gain, 15_000)
    // 5 August: the next 20,000 of 6 August's (£90,000): gain £10,000.
    #expect(
      august5.matches == [
        ShareMatch(rule: .thirtyDay, amount: 20_000, cost: 90_000, acquiredDay: F.day("2023-08-06"))
      ])
    expectEqual(august5.gain, 10_000)
    // The other 10,000 of 6 August's (£45,000) join the pool: 110,000 costing £345,000. 7
    // August takes 100,000 of them: £345,000 × 100,000 / 110,000 = £313,636.36…, a loss of
    // £163,636.36…; the pool keeps 10,000 costing £31,363.63… (£345,000 − the part taken).
    expectEqual(august7.matches.map(\.rule), [.section104])
    let poolCost = august7.matches[0].cost!
    expectEqual(MoneyRounding.rounded(poolCost, digits: 2), F.d("313636.36"))
    expectEqual(MoneyRounding.rounded(august7.gain!, digits: 2), F.d("-163636.36"))
    let year = report.years.first { $0.year == 2023 }!
    expectEqual(year.pools[0].pool.amount, 10_000)
    expectEqual(MoneyRounding.rounded(year.pools[0].pool.cost!, digits: 2), F.d("31363.64"))
    // 2023/24's SA108 figures: 3 disposals, £400,000 proceeds, £135,000 + £90,000 +
    // £313,636.36 = £538,636.36 allowable costs, gains £25,000, losses £163,636.36.
    #expect(
      year.figures
        == SA108Figures(
          disposals: 3, proceeds: 400_000, allowableCosts: F.d("538636.36"), gains: 25_000,
          losses: F.d("163636.36")))
    // A net loss of £138,636.36: nothing taxable, all of it carried forward.
    #expect((year.taxableGain, year.lossesCarriedForward) == (0, F.d("138636.36")))
  }

  @Test func feesCountInAllowableCostsNotInProceeds() {
    // 2 coins for £200 + £4 fee (£204); 1 sold for £150 with a £3 fee: proceeds £150 (before
    // the fee), allowable costs £102 + £3 = £105, gain £45.
    let report = Self.report([
      F.buy("1", "2", for: "200", on: "2024-05-01", fee: "4"),
      F.sell("2", "1", for: "150", on: "2024-07-01", fee: "3"),
    ])
    let disposal = report.disposals[0]
    #expect((disposal.proceeds, disposal.fees, disposal.allowableCost) == (150, 3, 105))
    expectEqual(disposal.gain, 45)
  }

  @Test func movesBetweenOwnWalletsAreNoDisposalsAndIncomeIsAnAcquisition() {
    // 1 coin bought for £100 in one wallet, moved to another, 0.5 received as staking income
    // worth £60 there; 1.5 sold for £300. One pool across wallets: 1.5 costing £160, gain £140.
    var transactions = [F.buy("1", "1", for: "100", on: "2024-05-01", wallet: "exchange")]
    transactions += F.move("2", "1", from: "exchange", to: "ledger", on: "2024-05-02")
    transactions += [
      F.income("3", "0.5", worth: "60", on: "2024-05-03", wallet: "ledger"),
      F.sell("4", "1.5", for: "300", on: "2024-07-01", wallet: "ledger"),
    ]
    let report = Self.report(transactions)
    expectEqual(report.disposals.count, 1)
    #expect(
      report.disposals[0].matches == [ShareMatch(rule: .section104, amount: F.d("1.5"), cost: 160)])
    expectEqual(report.disposals[0].gain, 140)
  }

  @Test func aDayIsLondonsDayInSummerAndInWinter() {
    // Summer (BST, UTC+1): bought 23:30 UTC on 1 July is 00:30 on 2 July in London, the day
    // of the sale at 10:00: the same-day rule matches it.
    let summer = Self.report([
      F.buy("1", "10", for: "100", on: "2024-06-01"),
      F.buy("2", "1", for: "50", on: "2024-07-01T23:30:00Z"),
      F.sell("3", "1", for: "60", on: "2024-07-02T10:00:00Z"),
    ])
    expectEqual(summer.disposals[0].matches.map(\.rule), [.sameDay])
    expectEqual(summer.disposals[0].day, F.day("2024-07-02"))
    // Winter (GMT): bought 23:30 UTC on 15 January is still 15 January in London; the sale at
    // 00:30 UTC on 16 January is another day, so the purchase is no same-day match (and, made
    // before the sale, no 30-day one): the pool.
    let winter = Self.report([
      F.buy("1", "1", for: "50", on: "2024-01-15T23:30:00Z"),
      F.sell("2", "1", for: "60", on: "2024-01-16T00:30:00Z"),
    ])
    expectEqual(winter.disposals[0].matches.map(\.rule), [.section104])
    // The tax year starts on London's 6 April: 23:30 UTC on 5 April 2024 is 00:30 BST on the
    // 6th, in 2024/25.
    let newYear = Self.report([
      F.buy("1", "1", for: "50", on: "2024-01-10"),
      F.sell("2", "1", for: "60", on: "2024-04-05T23:30:00Z"),
    ])
    expectEqual(newYear.years.map(\.label), ["2023/24", "2024/25"])
    expectEqual(newYear.years[1].figures.disposals, 1)
    expectEqual(newYear.years[0].figures.disposals, 0)
  }

  @Test func thirtyDaysMeansTheThirtyDaysAfter() {
    // Sold 1 June; bought back 1 July (30 days on) matches, 2 July (31 days on) does not.
    let within = Self.report([
      F.buy("1", "1", for: "100", on: "2024-05-01"),
      F.sell("2", "1", for: "80", on: "2024-06-01"),
      F.buy("3", "1", for: "90", on: "2024-07-01"),
    ])
    #expect(
      within.disposals[0].matches == [
        ShareMatch(rule: .thirtyDay, amount: 1, cost: 90, acquiredDay: F.day("2024-07-01"))
      ])
    let after = Self.report([
      F.buy("1", "1", for: "100", on: "2024-05-01"),
      F.sell("2", "1", for: "80", on: "2024-06-01"),
      F.buy("3", "1", for: "90", on: "2024-07-02"),
    ])
    expectEqual(after.disposals[0].matches, [ShareMatch(rule: .section104, amount: 1, cost: 100)])
  }
}
