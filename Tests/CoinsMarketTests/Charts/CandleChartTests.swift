import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct CandleChartTests {
  private static let t0: Int64 = 1_764_374_400_000  // 2025-11-29T00:00:00Z
  private static let fourHours: Int64 = 14_400_000

  private static func candle(
    _ index: Int64, _ open: Double, _ high: Double, _ low: Double,
    _ close: Double
  ) -> Candle {
    Candle(milliseconds: t0 + index * fourHours, open: open, high: high, low: low, close: close)
  }

  private static let three = CandleSeries(sorted: [
    candle(0, 100, 130, 95, 120), candle(1, 120, 125, 90, 100), candle(2, 100, 150, 100, 140),
  ])

  private func chart(ascii: Bool = false) -> CandleChart {
    CandleChart(
      height: 4, ascii: ascii, currency: CurrencyStyle(code: "usd"),
      style: TextStyle(enabled: false))
  }

  // Rows of 90…150 over 4: round((v − 90) / 60 × 3). First candle (up): body 100→1 to 120→2,
  // wick down to 95→0. Second (down): body 100–120 on rows 1–2, wick to 90 on row 0. Third
  // (up): body 100→1 to 140→3 (2.5 rounds up). The plot has 30 − 6 = 24 columns: three bodies
  // 5 wide fit with room (spacing (24 − 1 − 4) / 2 = 9.5), their centres at columns 2, 11.5 →
  // 12 and 21 — the chart fills the width. The time axis runs half a body (2 columns of 8 h /
  // 19) beyond each end: 00:00 at column 2, 06:00 at 2 + 6 × 19 / 8 = 16.25 → 16.
  @Test func bodiesAndWicksFillTheWidth() throws {
    let drawing = try #require(chart().draw(Self.three, width: 30))
    expectEqual(drawing.factor, 1)
    #expect(
      drawing.lines == [
        "      $150.00 Nov 29 08:00 ▼",
        "$150 ┤                   █████",
        "     │█████     ░░░░░    █████",
        "$100 ┤█████     ░░░░░    █████",
        "     │  │         │",
        "                  ▲ $90.00 Nov 29 04:00",
        "     └──┬─────────────┬───────",
        "        Nov 29        06:00",
      ])
  }

  /// Where there is only room for one-cell bodies with a blank between, the classic layout:
  /// 3 candles in 8 columns (the least), centres at 0, 3.5 → 4 and 7.
  @Test func asciiGlyphs() throws {
    let drawing = try #require(chart(ascii: true).draw(Self.three, width: 14))
    expectEqual(drawing.lines[2], "     |#   =  #")
    expectEqual(drawing.lines[4], "     ||   |")
    expectEqual(chart(ascii: true).legend, "# up, = down")
  }

  @Test func colorMarksUpAndDownOnceABody() throws {
    let colored = CandleChart(
      height: 4, ascii: false, currency: CurrencyStyle(code: "usd"),
      style: TextStyle(enabled: true))
    let drawing = try #require(colored.draw(Self.three, width: 30))
    #expect(
      drawing.lines[2]
        == "     │\u{1B}[32m█████\u{1B}[0m     \u{1B}[31m░░░░░\u{1B}[0m    "
        + "\u{1B}[32m█████\u{1B}[0m")
  }

  @Test func moreCandlesThanColumnsAreMerged() throws {
    // 10 candles, width 13: 8 columns (the least) hold 4 candles, so 3 are merged into one,
    // counted from the newest: [0], [1…3], [4…6], [7…9]; spread over the 8 columns, their
    // centres at 0, 2.33 → 2, 4.67 → 5 and 7.
    let series = CandleSeries(
      sorted: (0..<10).map { Self.candle(Int64($0), 100, 110, 90, 105) })
    let drawing = try #require(chart().draw(series, width: 13))
    expectEqual(drawing.factor, 3)
    // 90…110 over 4 rows, a step of 10: $90 on row 0, $100 on row 2 (1.5 rounded), $110 on
    // row 3 would touch $100's row and is left out. Bodies 100→2 to 105→2, wicks rows 0–3.
    #expect(
      Array(drawing.lines[1...4]) == [
        "     ││ │  │ │", "$100 ┤█ █  █ █", "     ││ │  │ │", " $90 ┤│ │  │ │",
      ])
    expectEqual(CandleChart.widthText(milliseconds: Self.fourHours * 3), "12 h")
  }

  /// Bodies 5, 3 or 1 wide — the widest with a blank column between neighbours — spread over
  /// every column there is.
  @Test(arguments: [
    (30, 70, 1),  // spacing 69 / 29 = 2.4: one cell
    (30, 110, 1),  // (110 − 1 − 2) / 29 = 3.7 < 4: still one cell, spread wider
    (15, 70, 3),  // (70 − 1 − 2) / 14 = 4.8 ≥ 4
    (6, 70, 5),  // (70 − 1 − 4) / 5 = 13 ≥ 6
  ])
  func candlesFillTheColumns(count: Int, columns: Int, body: Int) {
    let layout = CandleChart.layout(count: count, columns: columns)
    expectEqual(layout.bodyWidth, body)
    expectEqual(layout.used, columns)
  }

  @Test func aMonthOfDailyCandlesFillsEightyAndOneHundredTwentyColumns() throws {
    let series = CandleSeries(
      sorted: (0..<30).map { Self.candle(Int64($0) * 6, 100, 110, 90, 105) })
    for width in [80, 120] {
      let drawing = try #require(chart().draw(series, width: width))
      // The rule under the plot runs the whole width: label, space, corner, then the plot.
      let rule = try #require(drawing.lines.first { $0.contains("└") })
      expectEqual(DisplayWidth.of(rule), width)
      // The last candle's wick is in the last column.
      expectEqual(DisplayWidth.of(drawing.lines[1]), width)
    }
  }

  @Test func widthTexts() {
    expectEqual(CandleChart.widthText(milliseconds: 1_800_000), "30 min")
    expectEqual(CandleChart.widthText(milliseconds: 3_600_000), "1 h")
    expectEqual(CandleChart.widthText(milliseconds: 86_400_000), "1 day")
    expectEqual(CandleChart.widthText(milliseconds: 4 * 86_400_000), "4 days")
    expectEqual(CandleChart.widthText(milliseconds: 90 * 60_000), "90 min")
  }

  @Test func noCandlesNoChart() {
    #expect(chart().draw(CandleSeries(raw: []), width: 80) == nil)
  }
}
