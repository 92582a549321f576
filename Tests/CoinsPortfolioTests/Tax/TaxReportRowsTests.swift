import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// A tax report's rows made in runs over every year's: however the history is cut, each year
/// gets its own rows' lines, in order.
@Suite struct TaxReportRowsTests {
  @Test func aRunIsCutAtTheEndsOfTheYearsItCrosses() {
    // Years of 2, 0 and 3 rows: rows 0–1 are the first year's, 2–4 the third's.
    let pieces = TaxReportRows.pieces(of: 1..<4, counts: [2, 0, 3])
    expectEqual(pieces.map(\.year), [0, 2])
    expectEqual(pieces.map(\.rows), [1..<2, 0..<2])
    expectEqual(TaxReportRows.pieces(of: 0..<5, counts: [2, 0, 3]).map(\.rows), [0..<2, 0..<3])
    #expect(TaxReportRows.pieces(of: 2..<2, counts: [2, 0, 3]).isEmpty)
  }

  @Test func everyWayOfCuttingGivesEachYearItsRowsInOrder() {
    let counts = [2, 0, 3]
    let expected = ["2020 row 0\n2020 row 1\n", "", "2022 row 0\n2022 row 1\n2022 row 2\n"]
    let cuts: [[Range<Int>]] = [
      [0..<5], [0..<1, 1..<5], [0..<2, 2..<5], [0..<3, 3..<3, 3..<5],
      [0..<1, 1..<2, 2..<3, 3..<4, 4..<5],
    ]
    for runs in cuts {
      let lines = TaxReportRows.lines(
        counts: counts, runs: runs, figures: TaxReportText(currency: "gbp"), names: CoinNames()
      ) { year, row, _, output in
        output.append(integer: 2020 + year)
        output.append(" row ")
        output.append(integer: row)
        output.append("\n")
      }
      let joined = lines.map { parts in
        String(decoding: parts.flatMap(\.bytes), as: UTF8.self)
      }
      #expect(joined == expected, "cut as \(runs)")
    }
  }
}
