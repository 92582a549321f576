import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct LineChartTests {
  private static let day = 86_400_000.0
  private static let t0 = 1_764_374_400_000.0  // 2025-11-29T00:00:00Z

  /// 100 → 120 → 90 (the low, Dec 1) → 150 (the high, Dec 2) → 140, a day apart.
  private static let history = PriceHistory(raw: [
    (t0, 100), (t0 + day, 120), (t0 + 2 * day, 90), (t0 + 3 * day, 150), (t0 + 4 * day, 140),
  ])

  private func chart(ascii: Bool = false, height: Int = 4, color: Bool = false) -> LineChart {
    LineChart(
      height: height, ascii: ascii, currency: CurrencyStyle(code: "usd"),
      style: TextStyle(enabled: color))
  }

  // Axis: 90…150 over 4 rows, a round step of 50 (60 / 2 rows = 30, rounded up to 50): $100 on
  // row round(10 / 60 × 3) = 1, $150 on row 3. The first point, 100, sits 2.5 → 3 dots up of
  // 16: the top dots of the bottom row's first cell (⠉). The high's marker starts at its column
  // (3 days of 4 across 25 columns: 18) plus the 5-cell indent; the low's at column 12.
  @Test func brailleRows() {
    #expect(
      chart().lines(Self.history, width: 30) == [
        "                       ▼ $150.00 Dec 2 00:00",
        "$150 ┤                ⢠⠞⠉⠓⠒⠦⠤⠤",
        "     │      ⡀       ⢀⡴⠋",
        "$100 ┤ ⣀⣠⠴⠚⠉⠙⠲⣄⡀   ⣠⠞",
        "     │⠉⠁       ⠉⠳⢤⡼⠁",
        "                  ▲ $90.00 Dec 1 00:00",
        "     └──────┬──────────┬──────",
        "            Nov 30     Dec 2",
      ])
  }

  @Test func asciiRows() {
    #expect(
      chart(ascii: true).lines(Self.history, width: 30) == [
        "                       v $150.00 Dec 2 00:00",
        "$150 +                 -------",
        "     |      \\        -/",
        "$100 +-----/ ---\\  -/",
        "     |           -/",
        "                  ^ $90.00 Dec 1 00:00",
        "     +------+----------+------",
        "            Nov 30     Dec 2",
      ])
  }

  /// A comparison flat at $90 (the low) lies on the bottom row: dotted across the 24 columns
  /// wherever the chart's own line leaves the cell empty (its columns 11 and 12 there), under a
  /// legend.
  @Test func aComparisonIsDottedUnderTheLine() {
    let flat = PriceHistory(raw: (0..<5).map { (Self.t0 + Double($0) * Self.day, 90) })
    let lines = chart(ascii: true).lines(
      Self.history, width: 30, comparison: ChartComparison(history: flat, label: "BTC"))
    expectEqual(lines.first, "Lines: -/\\ portfolio value, . BTC")
    expectEqual(lines[2], "$150 +                 -------")
    #expect(
      lines[5] == "     |" + String(repeating: ".", count: 11) + "-/"
        + String(repeating: ".", count: 11))
  }

  @Test func theLineIsGreenForARise() {
    let lines = chart(color: true).lines(Self.history, width: 30)
    expectEqual(lines[1], "$150 ┤\u{1B}[32m                ⢠⠞⠉⠓⠒⠦⠤⠤\u{1B}[0m")
  }

  @Test func emptyHistoryDrawsNothing() {
    expectEqual(chart().lines(PriceHistory(raw: []), width: 80), [])
  }

  @Test func aFlatSeriesIsOneLineOnTheMiddleRow() {
    let flat = PriceHistory(raw: [(Self.t0, 5), (Self.t0 + Self.day, 5)])
    let lines = chart(ascii: true).lines(flat, width: 20)
    // One label, $5.00, on row 4 / 2 = 2 (the second line of plot from the top).
    expectEqual(lines[1], "      |")
    expectEqual(lines[2], "$5.00 +-------------")  // 20 − 7 = 13 columns
    expectEqual(lines[3], "      |")
    expectEqual(lines[0], "       v $5.00 Nov 29 00:00")
  }

  @Test func aSinglePointIsOneDot() {
    let single = PriceHistory(raw: [(Self.t0, 5)])
    let lines = chart().lines(single, width: 20)
    // No span: the point sits mid-way, x = 26 dots / 2 → 13 (cell 6, right), y = 15 / 2 → 8
    // from the bottom (the lowest dot of the second cell row from the top, right: 0x80).
    expectEqual(lines[2], "$5.00 ┤      ⢀")
  }
}
