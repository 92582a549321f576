import CoinsModel
import CoinsSupport

/// The lines of a tax report's rows (the UK's disposals, Germany's sales), year after year,
/// made in runs cut over the whole history: a large history's years are each too short to be
/// worth cutting (a few thousand disposals), its rows together are not.
package enum TaxReportRows {
  /// Writes the lines of row `row` of year `year` (an index into the report's years).
  package typealias Writer =
    @Sendable (
      _ year: Int, _ row: Int, _ symbols: inout TaxReportText.Symbols,
      _ output: inout TaxReportBytes
    ) -> Void

  /// The lines of each year's rows (`counts[year]` of them), by year, each year's parts in
  /// order: on every core when there are ``TaxReportText/manyLines`` rows in all.
  package static func lines(
    counts: [Int], figures: TaxReportText, names: CoinNames, _ write: Writer
  ) -> [[TaxReportBytes]] {
    let total = counts.reduce(0, +)
    let parts = total >= TaxReportText.manyLines ? max(1, min(Parallel.cores, total)) : 1
    let runs = (0..<parts).map { total * $0 / parts..<total * ($0 + 1) / parts }
    return lines(counts: counts, runs: runs, figures: figures, names: names, write)
  }

  /// ``lines(counts:figures:names:_:)`` made in `runs`, contiguous runs covering all the rows
  /// of every year, one after another: each run on a thread of its own when there are
  /// ``TaxReportText/manyLines`` rows in all. However the rows are cut, the bytes are the same.
  package static func lines(
    counts: [Int], runs: [Range<Int>], figures: TaxReportText, names: CoinNames,
    _ write: Writer
  ) -> [[TaxReportBytes]] {
    let made = Parallel.map(runs, weight: \.count, threshold: TaxReportText.manyLines) { run in
      var symbols = TaxReportText.Symbols(names)
      return pieces(of: run, counts: counts).map { piece in
        var part = TaxReportBytes(figures)
        for row in piece.rows { write(piece.year, row, &symbols, &part) }
        return (year: piece.year, part: part)
      }
    }
    var byYear = [[TaxReportBytes]](repeating: [], count: counts.count)
    for pieces in made {
      for piece in pieces { byYear[piece.year].append(piece.part) }
    }
    return byYear
  }

  /// How many bytes `parts` hold, and some room for `years` years' headers and totals: what a
  /// report's text reserves before its parts are appended.
  package static func room(for parts: [[TaxReportBytes]], years: Int) -> Int {
    parts.reduce(0) { total, year in year.reduce(total) { $0 + $1.bytes.count } }
      + years * 16_384
  }

  /// Run `run` of all the rows (the first year's, then the next's…) cut at the years' ends:
  /// each piece one year's rows, by their index within the year. Years without rows have none.
  package static func pieces(of run: Range<Int>, counts: [Int]) -> [(year: Int, rows: Range<Int>)] {
    var pieces: [(year: Int, rows: Range<Int>)] = []
    var start = 0
    for (year, count) in counts.enumerated() {
      let end = start + count
      let lower = max(start, run.lowerBound)
      let upper = min(end, run.upperBound)
      if lower < upper { pieces.append((year, lower - start..<upper - start)) }
      start = end
    }
    return pieces
  }
}
