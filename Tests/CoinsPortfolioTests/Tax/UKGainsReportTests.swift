import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

private typealias F = TaxFixtures

/// `gains --rules uk` as text: each tax year's disposals under its own header, the year's
/// figures after them, however the history's disposals are cut to be written.
@Suite struct UKGainsReportTests {
  @Test func disposalsOfTwoTaxYearsEachUnderTheirYear() {
    // CRYPTO22253: a pool of 2,000 costing £1,000; 1,000 sold for £400 on 31 March 2023 and 500
    // for £150 on 20 April; 700 bought for £175 on 21 April, 500 for £100 on 28 April, 500 for
    // £150 on 1 May. 31 March: 700 of 21 April's (£175), 300 of 28 April's (£60). 20 April: 200
    // of 28 April's (£40), 300 of 1 May's (£90). The 200 left of 1 May's (£60) join the pool.
    let report = UKTaxReport(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          F.buy("1", "2000", for: "1000", on: "2023-01-10"),
          F.sell("2", "1000", for: "400", on: "2023-03-31"),
          F.sell("3", "500", for: "150", on: "2023-04-20"),
          F.buy("4", "700", for: "175", on: "2023-04-21"),
          F.buy("5", "500", for: "100", on: "2023-04-28"),
          F.buy("6", "500", for: "150", on: "2023-05-01"),
        ])
    ])
    let names = CoinNames([SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1)])
    let text = UKGainsReport.text(
      report, years: report.years, rules: .uk, names: names, emptyYear: nil)
    let expected: [String] = [
      "Gains by UK rules (HMRC share matching) in GBP · days in Europe/London",
      "",
      "Tax year 2022/23 (2022-04-06 to 2023-04-05)",
      "2023-03-31  BTC  1000: proceeds £400.00, allowable costs £235.00 (fees £0.00), "
        + "gain +£165.00",
      "  30 days: 700 costing £175.00 (acquired 2023-04-21)",
      "  30 days: 300 costing £60.00 (acquired 2023-04-28)",
      "SA108: disposals 1, proceeds £400.00, allowable costs £235.00, gains £165.00, "
        + "losses £0.00.",
      "Annual exempt amount £12,300.00; losses brought forward £0.00, used £0.00, carried "
        + "forward £0.00; taxable gain £0.00.",
      "Section 104 pool at 2023-04-05: BTC 2000 costing £1,000.00.",
      "",
      "Tax year 2023/24 (2023-04-06 to 2024-04-05)",
      "2023-04-20  BTC  500: proceeds £150.00, allowable costs £130.00 (fees £0.00), "
        + "gain +£20.00",
      "  30 days: 200 costing £40.00 (acquired 2023-04-28)",
      "  30 days: 300 costing £90.00 (acquired 2023-05-01)",
      "SA108: disposals 1, proceeds £150.00, allowable costs £130.00, gains £20.00, "
        + "losses £0.00.",
      "Annual exempt amount £6,000.00; losses brought forward £0.00, used £0.00, carried "
        + "forward £0.00; taxable gain £0.00.",
      "Section 104 pool at 2024-04-05: BTC 2200 costing £1,060.00.",
      "",
    ]
    expectEqual(text, expected.joined(separator: "\n"))
  }
}
