import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct ChartRendererTests {
  let end = Date(timeIntervalSince1970: 1_764_417_600)  // 2025-11-29 12:00 UTC

  @Test func risingSeriesFillsFromLowToHighWithLabelsAndTicks() {
    let series: [Double?] = (0..<24).map { Double($0) }
    let lines = ChartRenderer(height: 3).render(
      series, width: 30, end: end, label: { "\(Int($0))" })
    #expect(
      lines == [
        "23 ┤                ▁▂▃▄▅▆▇█",
        "   │        ▁▂▃▄▅▆▇█████████",
        " 0 ┤▁▂▃▄▅▆▇█████████████████",
        "   └────────────────────────",
        "    Nov 28            Nov 29",
      ])
  }

  @Test func asciiChartUsesOnlyAscii() {
    let series: [Double?] = [1, 3, 2, nil, 5, 4]
    let lines = ChartRenderer(height: 2, ascii: true).render(
      series, width: 20, end: end, label: { "\(Int($0))" })
    #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    #expect(lines[0].hasPrefix("5 +"))
    #expect(lines[1].hasPrefix("1 +"))
  }

  @Test func emptyAndNonFiniteSeriesDrawNothing() {
    #expect(ChartRenderer().render([], width: 80, end: end, label: { "\($0)" }).isEmpty)
    #expect(
      ChartRenderer().render([nil, .nan, .infinity], width: 80, end: end, label: { "\($0)" })
        .isEmpty)
  }

  @Test func flatSeriesIsDrawnAtHalfHeight() {
    let lines = ChartRenderer(height: 4).render(
      [Double?](repeating: 7, count: 10), width: 20, end: end, label: { "\(Int($0))" })
    expectEqual(lines[0], "7 ┤")
    expectEqual(lines[2], "  │██████████")
  }

  @Test func dayLabelsAreUTC() {
    expectEqual(ChartRenderer.day(end), "Nov 29")
    expectEqual(ChartRenderer.day(Date(timeIntervalSince1970: 0)), "Jan  1")
  }
}
