import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// The German report says which sale and which lot was converted at today's rate (the day's
/// out of reach): the note under its text and its JSON's `convertedAtTodaysRate` rest on it.
@Suite struct GermanTodaysRateTests {
  /// Bitcoin at $50,000 and €40,000 on 1 June 2024 (0.8 euros a dollar), at $50,000 and
  /// €45,000 today (0.9); no rate on any other day.
  static var rates: CurrencyRates {
    CurrencyRates(
      dailyBitcoinPrices: [
        "usd": [F.day("2024-06-01"): 50_000], "eur": [F.day("2024-06-01"): 40_000],
      ],
      todaysBitcoinPrices: ["usd": 50_000, "eur": 45_000], today: F.day("2026-12-02"))
  }

  @Test func eachSaleAndLotSaysWhetherTodaysRateConvertedIt() {
    let report = GermanTaxReport(
      holdings: [
        Holding(
          id: "bitcoin",
          transactions: [
            // $1,000 on 1 February, no rate that day: at today's 0.9, €900.
            F.buy("1", "1", for: "1000", on: "2024-02-01", currency: "usd"),
            F.buy("2", "1", for: "2000", on: "2024-03-01", currency: "eur"),
            // In euros: lot 1 (today's rate) and half of lot 2 (no conversion).
            F.sell("3", "1.5", for: "3000", on: "2024-06-01", currency: "eur"),
            // $1,000 on 1 July, no rate that day: at today's 0.9, €900; the rest of lot 2.
            F.sell("4", "0.5", for: "1000", on: "2024-07-01", currency: "usd"),
          ])
      ], rates: Self.rates)
    let year = report.years.last!
    expectEqual(year.sales.map(\.transactionID), ["3", "4"])
    expectEqual(year.sales.map(\.atTodaysRate), [false, true])
    expectEqual(year.sales.map { $0.lots.map(\.atTodaysRate) }, [[true, false], [false]])
    expectEqual(year.sales.map(\.convertedAtTodaysRate), [true, true])
    #expect(year.convertedAtTodaysRate)
    // Sale 3: lot 1 €2,000 − €900, lot 2 €1,000 − €1,000; sale 4: €900 − €1,000.
    expectEqual(year.sales.map { $0.lots.map(\.gain) }, [[1_100, 0], [-100]])
    expectEqual(year.cryptoResult, 1_000)
  }

  @Test func aReportConvertedAtTheDaysRatesSaysNone() {
    let report = GermanTaxReport(
      holdings: [
        Holding(
          id: "bitcoin",
          transactions: [
            F.buy("1", "1", for: "2000", on: "2024-03-01", currency: "eur"),
            // $3,000 on 1 June 2024 at that day's 0.8: €2,400.
            F.sell("2", "1", for: "3000", on: "2024-06-01", currency: "usd"),
          ])
      ], rates: Self.rates)
    let year = report.years.last!
    expectEqual(year.sales.map(\.atTodaysRate), [false])
    expectEqual(year.sales[0].lots.map(\.atTodaysRate), [false])
    expectEqual(year.sales[0].lots.map(\.gain), [400])
    #expect(!year.convertedAtTodaysRate)
  }
}
