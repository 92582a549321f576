import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct ChartAxesTests {
  @Test func roundSteps() {
    expectEqual(PriceAxis.roundStep(11_527), 20_000)
    expectEqual(PriceAxis.roundStep(30), 50)
    expectEqual(PriceAxis.roundStep(2.1), 2.5)
    expectEqual(PriceAxis.roundStep(0.3), 0.5)
    expectEqual(PriceAxis.roundStep(1000), 1000)
    expectEqual(PriceAxis.decimals(for: 2.5), 1)
    expectEqual(PriceAxis.decimals(for: 0.05), 2)
    expectEqual(PriceAxis.decimals(for: 20_000), 0)
  }

  @Test func labelsAtRoundPrices() {
    // 53,923 … 111,560 over 10 rows: step 57,637 / 5 = 11,527 → 20,000; $60,000 on row
    // round(6,077 / 57,637 × 9) = 1, $80,000 on row 4, $100,000 on row 7.
    let axis = PriceAxis(low: 53_923, high: 111_560, rows: 10, currency: CurrencyStyle(code: "usd"))
    expectEqual(axis.labels, [1: "$60,000", 4: "$80,000", 7: "$100,000"])
    let small = PriceAxis(low: 0.03, high: 10.2, rows: 10, currency: CurrencyStyle(code: "eur"))
    expectEqual(small.labels, [2: "€2.5", 4: "€5.0", 7: "€7.5", 9: "€10.0"])
    let flat = PriceAxis(low: 3, high: 3, rows: 8, currency: CurrencyStyle(code: "chf"))
    expectEqual(flat.labels, [4: "CHF 3.00"])
  }

  @Test func aSpanLostInTheLastDigitsIsFlat() {
    let high = 1_000_000.0
    let axis = PriceAxis(
      low: high, high: high.nextUp, rows: 8, currency: CurrencyStyle(code: "usd"))
    expectEqual(axis.labels, [4: "$1,000,000.00"])
  }

  @Test func hoursForADay() {
    // 2025-11-28T12:00Z … 2025-11-29T12:00Z over 73 columns: 3-hour ticks (1 column per 20 min,
    // so 3 h = 9 columns, the first step with room for "Nov 29" and two spaces).
    let axis = TimeAxis(start: 1_764_331_200_000, end: 1_764_417_600_000, columns: 73)
    #expect(
      axis.ticks().map(\.1) == [
        "12:00", "15:00", "18:00", "21:00", "Nov 29", "03:00", "06:00", "09:00", "12:00",
      ])
  }

  @Test func monthsForAYearAndYearsForLonger() {
    // 2024-07-05 … 2025-07-04 over 71 columns: a month is 5.8 columns, too tight for "2025"
    // and two spaces, so every other month.
    let year = TimeAxis(start: 1_720_137_600_000, end: 1_751_587_200_000, columns: 71)
    expectEqual(year.ticks().map(\.1), ["Sep", "Nov", "2025", "Mar", "May", "Jul"])
    let wide = TimeAxis(start: 1_720_137_600_000, end: 1_751_587_200_000, columns: 111)
    expectEqual(wide.ticks().map(\.1).prefix(4), ["Aug", "Sep", "Oct", "Nov"])
    // 2017-03-22 … 2023-12-12: years.
    let max = TimeAxis(start: 1_490_140_800_000, end: 1_702_339_200_000, columns: 76)
    expectEqual(max.ticks().map(\.1), ["2018", "2019", "2020", "2021", "2022", "2023"])
  }

  @Test func weeksStartOnMonday() {
    // 2025-11-01 (a Saturday) … 2025-12-31 (60 days) over 121 columns: 2 columns a day, so
    // 2-day ticks (4 columns) are too close and weekly ones (14) fit: Mondays, Nov 3, 10, 17, …
    let axis = TimeAxis(start: 1_761_955_200_000, end: 1_767_139_200_000, columns: 121)
    expectEqual(axis.ticks().map(\.1).prefix(3), ["Nov 3", "Nov 10", "Nov 17"])
    // Over 31 columns (2 days a column) only four-weekly ticks fit, still on Mondays.
    let narrow = TimeAxis(start: 1_761_955_200_000, end: 1_767_139_200_000, columns: 31)
    expectEqual(narrow.ticks().map(\.1), ["Nov 24", "Dec 22"])
  }

  @Test func markersFlipLeftAtTheRightEdge() {
    #expect(
      ChartMarker.line(arrow: "▼", text: "$5 Nov 1", column: 2, indent: 3, width: 40)
        == "     ▼ $5 Nov 1")
    #expect(
      ChartMarker.line(arrow: "▼", text: "$5 Nov 1", column: 30, indent: 3, width: 40)
        == "                        $5 Nov 1 ▼")  // ▼ at 3 + 30
  }

  @Test func summaryLineWraps() throws {
    let summary = try #require(
      PriceHistory(raw: [(1_764_374_400_000, 100), (1_764_460_800_000, 80)]).summary)
    let usd = CurrencyStyle(code: "usd")
    #expect(
      ChartSummary.lines(summary, currency: usd, style: TextStyle(enabled: false), width: 200)
        == [
          "First $100.00 · Last $80.00 · Change -20.00% (-$20.00) · High $100.00 · Low $80.00 · "
            + "Average $90.00"
        ])
    #expect(
      ChartSummary.lines(summary, currency: usd, style: TextStyle(enabled: false), width: 60)
        == [
          "First $100.00 · Last $80.00 · Change -20.00% (-$20.00)",
          "High $100.00 · Low $80.00 · Average $90.00",
        ])
  }
}
