import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// Germany's rules worked by hand from § 23 EStG, §§ 187, 188 BGB and the BMF letter of
/// 6 March 2025: the one-year period at month ends and leap days, Berlin's days, first in,
/// first out per wallet, the Freigrenzen at their edges, losses carried back and forward.
@Suite struct GermanTaxTests {
  static func report(
    _ transactions: [Transaction], other: [Int: Decimal] = [:]
  ) -> GermanTaxReport {
    GermanTaxReport(
      holdings: [Holding(id: "bitcoin", transactions: transactions)], otherPrivateSales: other)
  }

  /// Whether coins bought on `bought` and sold on `sold` (`YYYY-MM-DD`) are tax-free.
  static func free(_ bought: String, _ sold: String) -> Bool {
    GermanHoldingPeriod.isTaxFree(acquired: F.day(bought), sold: F.day(sold))
  }

  @Test func theYearEndsOnTheDayBearingTheAcquisitionsDate() {
    // § 188 Abs. 2 BGB: bought 10 March 2024, the year ends 10 March 2025.
    expectEqual(GermanHoldingPeriod.end(acquired: F.day("2024-03-10")), F.day("2025-03-10"))
    #expect(!Self.free("2024-03-10", "2025-03-10"))
    #expect(Self.free("2024-03-10", "2025-03-11"))
    // § 188 Abs. 3: 29 February has no day in 2025, so the year ends on 28 February.
    expectEqual(GermanHoldingPeriod.end(acquired: F.day("2024-02-29")), F.day("2025-02-28"))
    #expect(!Self.free("2024-02-29", "2025-02-28"))
    #expect(Self.free("2024-02-29", "2025-03-01"))
    // 28 February 2023 ends on 28 February 2024 (not on the month's last day, as the US
    // counts): a sale on 29 February 2024 is tax-free.
    #expect(!Self.free("2023-02-28", "2024-02-28"))
    #expect(Self.free("2023-02-28", "2024-02-29"))
    // Months' last days: 31 January → 31 January; 30 April → 30 April.
    #expect(!Self.free("2024-01-31", "2025-01-31"))
    #expect(Self.free("2024-01-31", "2025-02-01"))
    #expect(!Self.free("2024-04-30", "2025-04-30"))
  }

  @Test func aDayIsBerlinsDayInWinterAndInSummer() {
    // Winter (CET, UTC+1): bought 23:30 UTC on 10 March 2024 is 00:30 on 11 March in Berlin,
    // so the year ends 11 March 2025 and a sale that day is taxable (by UTC days it would have
    // been tax-free).
    let winter = Self.report([
      F.buy("1", "1", for: "1000", on: "2024-03-10T23:30:00Z", currency: "eur"),
      F.sell("2", "1", for: "1500", on: "2025-03-11T12:00:00Z", currency: "eur"),
    ])
    let lot = winter.years.last!.sales[0].lots[0]
    expectEqual(lot.acquiredDay, F.day("2024-03-11"))
    #expect((lot.daysHeld, lot.taxFree) == (365, false))
    // Summer (CEST, UTC+2): bought 22:30 UTC on 1 July 2023, 00:30 on 2 July in Berlin; sold
    // 21:30 UTC on 2 July 2024 (23:30 there) is taxable, 22:30 UTC (00:30 on 3 July) tax-free.
    let bought = F.buy("1", "2", for: "2000", on: "2023-07-01T22:30:00Z", currency: "eur")
    let late = Self.report([
      bought, F.sell("2", "1", for: "1500", on: "2024-07-02T21:30:00Z", currency: "eur"),
      F.sell("3", "1", for: "1500", on: "2024-07-02T22:30:00Z", currency: "eur"),
    ])
    let sales = late.years.last!.sales
    expectEqual(sales.map { $0.lots[0].taxFree }, [false, true])
    expectEqual(sales.map { $0.lots[0].daysHeld }, [366, 367])
  }

  @Test func firstInFirstOutWithinEachWalletAndMovesKeepTheirDates() {
    // 1 bought in wallet A on 10 January 2023 for €10,000, 1 in B on 10 January 2024 for
    // €20,000; 1 sold from B on 1 June 2024 for €30,000: B's own coin, held 143 days, a
    // taxable gain of €10,000 (one pool would have taken A's older, tax-free coin).
    let buys = [
      F.buy("1", "1", for: "10000", on: "2023-01-10", currency: "eur", wallet: "A"),
      F.buy("2", "1", for: "20000", on: "2024-01-10", currency: "eur", wallet: "B"),
    ]
    let own = Self.report(
      buys + [F.sell("3", "1", for: "30000", on: "2024-06-01", currency: "eur", wallet: "B")])
    let sale = own.years.last!.sales[0]
    expectEqual(sale.lots.map(\.acquiredID), ["2"])
    #expect((sale.lots[0].daysHeld, sale.taxableGain, sale.taxFreeGain) == (143, 10_000, 0))
    // Moved from A to B first, A's coin is the oldest in B: it goes first, keeping its date
    // (508 days held): tax-free, a gain of €20,000.
    let moved = Self.report(
      buys + F.move("3", "1", from: "A", to: "B", on: "2024-02-01")
        + [F.sell("4", "1", for: "30000", on: "2024-06-01", currency: "eur", wallet: "B")])
    let movedSale = moved.years.last!.sales[0]
    expectEqual(movedSale.lots.map(\.acquiredID), ["1"])
    expectEqual(movedSale.lots[0].daysHeld, 508)
    #expect((movedSale.taxableGain, movedSale.taxFreeGain) == (0, 20_000))
    expectEqual(moved.years.last!.cryptoResult, 0)
    expectEqual(moved.years.last!.taxFreeResult, 20_000)
  }

  /// A 2024 (or `year`) gain of `gain` euros: 1 coin bought for €1,000 and sold for more.
  static func gain(_ gain: String, in year: Int = 2024) -> [Transaction] {
    [
      F.buy("1", "1", for: "1000", on: "\(year)-02-01", currency: "eur"),
      F.sell("2", "1", for: "\(1000 + F.d(gain))", on: "\(year)-05-01", currency: "eur"),
    ]
  }

  @Test func theFreigrenzeIsTaxedInFullWhenNotLessThanIt() {
    // From 2024 €1,000: a net gain of €1,000.00 is taxed in full, €999.99 not at all.
    let at = Self.report(Self.gain("1000")).years[0]
    #expect((at.freigrenze, at.taxedInFull, at.taxableGain) == (1_000, true, 1_000))
    let below = Self.report(Self.gain("999.99")).years[0]
    #expect((below.cryptoResult, below.taxedInFull, below.taxableGain) == (F.d("999.99"), false, 0))
    // Up to 2023 €600.
    let old = Self.report(Self.gain("600", in: 2023)).years[0]
    #expect((old.freigrenze, old.taxableGain) == (600, 600))
    expectEqual(Self.report(Self.gain("599.99", in: 2023)).years[0].taxableGain, 0)
    // Other private sales count: €1,100 from coins and a €150 loss elsewhere is €950, under it.
    let other = Self.report(Self.gain("1100"), other: [2024: -150]).years[0]
    #expect((other.netResult, other.taxedInFull, other.taxableGain) == (950, false, 0))
    expectEqual(other.form, "Anlage SO 2024")
  }

  @Test func lossesAreCarriedBackOneYearThenForward() {
    // 2023: a taxed gain of €2,000. 2024: a loss of €2,500 — €2,000 carried back (2023 taxed 0),
    // €500 forward. 2025: a gain of €1,200 (not less than €1,000, taxed) less the €500: €700.
    func trade(_ coin: String, _ cost: String, _ price: String, _ bought: String, _ sold: String)
      -> Holding
    {
      Holding(
        id: coin,
        transactions: [
          F.buy("1", "1", for: cost, on: bought, currency: "eur"),
          F.sell("2", "1", for: price, on: sold, currency: "eur"),
        ])
    }
    let report = GermanTaxReport(holdings: [
      trade("a", "1000", "3000", "2023-01-02", "2023-06-01"),  // +2,000
      trade("b", "3000", "500", "2024-01-02", "2024-06-01"),  // −2,500
      trade("c", "1000", "2200", "2025-02-01", "2025-03-01"),  // +1,200
    ])
    let (y2023, y2024, y2025) = (report.years[0], report.years[1], report.years[2])
    #expect(
      (y2023.taxedBeforeLosses, y2023.lossCarriedBackIn, y2023.taxableGain) == (2_000, 2_000, 0))
    #expect((y2024.loss, y2024.lossCarriedBack, y2024.lossesCarriedForward) == (2_500, 2_000, 500))
    #expect(
      (y2025.lossesBroughtForwardUsed, y2025.taxableGain, y2025.lossesCarriedForward) == (
        500, 700, 0
      ))
  }

  @Test func aYearOutsideTheHistoryIsAnEmptyReport() {
    let report = GermanTaxReport(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          F.buy("1", "1", for: "3000", on: "2024-01-02", currency: "eur"),
          F.sell("2", "1", for: "500", on: "2024-06-01", currency: "eur"),
        ])
    ])
    let before = report.year(2020)
    #expect(
      (before.sales, before.netResult, before.freigrenze, before.taxableGain) == ([], 0, 600, 0))
    expectEqual(before.lossesCarriedForward, 0)
    // The 2024 loss of €2,500 had no 2023 gain to go back to: still carried in 2026.
    let after = report.year(2026)
    #expect((after.sales, after.freigrenze, after.lossesCarriedForward) == ([], 1_000, 2_500))
  }

  @Test func stakingIncomeHasItsOwnFreigrenze() {
    // § 22 Nr. 3: €256.00 of staking income in 2024 is taxed, €255.99 in 2025 is not.
    let report = Self.report([
      F.income("1", "1", worth: "256", on: "2024-03-01", currency: "eur"),
      F.income("2", "1", worth: "255.99", on: "2025-03-01", currency: "eur"),
    ])
    expectEqual(report.years.map(\.income), [256, F.d("255.99")])
    expectEqual(report.years.map(\.taxableIncome), [256, 0])
    // The Anlage SO fields of 2024.
    #expect(
      report.years[0].fields.map(\.value) == [256, 0, 0, 0])
    expectEqual(report.years[0].fields[0].caption, "Leistungen (§ 22 Nr. 3 EStG): Einnahmen")
  }

  @Test func taxFreeExactlyWhenHeldMoreThanAYear() {
    // Against Foundation's calendar: a year after the acquisition (29 February + 1 year is
    // 28 February), and tax-free exactly when sold after that day.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let start = F.day("2015-01-01")
    for _ in 0..<3_000 {
      // Leap days and month ends often: a day in 2015–2030, sold 300 to 430 days later.
      let acquired = start + next(5_800)
      let sold = acquired + 300 + next(130)
      let acquiredDate = Date(timeIntervalSince1970: Double(acquired) * 86_400)
      let yearOn = calendar.date(byAdding: .year, value: 1, to: acquiredDate)!
      let end = Int(yearOn.timeIntervalSince1970 / 86_400)
      #expect(GermanHoldingPeriod.end(acquired: acquired) == end, "\(acquiredDate)")
      expectEqual(GermanHoldingPeriod.isTaxFree(acquired: acquired, sold: sold), (sold > end))
    }
  }
}
