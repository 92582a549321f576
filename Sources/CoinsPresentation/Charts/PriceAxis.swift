import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The vertical scale of a chart: which row a price falls on, and labels at round prices
/// (`$90,000`, `$0.25`) on the rows nearest them, at most every other row.
package struct PriceAxis {
  /// The lowest price drawn (bottom of the bottom row).
  let low: Double
  /// The highest price drawn (top of the top row).
  let high: Double
  /// Rows of chart.
  let rows: Int
  /// The labels by row (row 0 is the bottom).
  package let labels: [Int: String]

  /// An axis for prices between `low` and `high` over `rows` rows, labelled in `currency`. A
  /// flat series (`low == high`) gets one label, on the middle row.
  package init(low: Double, high: Double, rows: Int, currency: CurrencyStyle) {
    self.low = low
    self.high = high
    self.rows = max(1, rows)
    let span = high - low
    // A span lost in the last digits of the prices is drawn flat (and could not be stepped).
    guard span > 0, span.isFinite, span > max(abs(high), abs(low)).ulp * 64 else {
      labels = [self.rows / 2: NumberFormat.price(low, currency: currency)]
      return
    }
    let step = Self.roundStep(span / Double(max(1, self.rows / 2)))
    let decimals = Self.decimals(for: step)
    var labels: [Int: String] = [:]
    var tick = (low / step).rounded(.up) * step
    var ticks = 0
    while tick <= high + step * 1e-9, ticks <= self.rows * 2 {
      ticks += 1
      let row = Self.row(of: tick, low: low, span: span, rows: self.rows)
      let taken = labels[row] != nil || labels[row - 1] != nil || labels[row + 1] != nil
      if !taken {
        labels[row] =
          currency.prefix + NumberFormat.fixed(abs(tick), decimals: decimals, grouped: true)
        if tick < 0 { labels[row] = "-" + (labels[row] ?? "") }
      }
      tick += step
    }
    self.labels = labels
  }

  /// The widest label, in cells.
  var labelWidth: Int { labels.values.map(DisplayWidth.of).max() ?? 0 }

  /// The row (0 = bottom) a price falls on.
  func row(of price: Double) -> Int {
    Self.row(of: price, low: low, span: high - low, rows: rows)
  }

  /// Where a price falls in `units` steps from the bottom (0…units-1): for finer grids than
  /// rows, such as braille dots.
  func position(of price: Double, units: Int) -> Double {
    let span = high - low
    // A span lost in the last digits of the prices is drawn flat (and could not be stepped).
    guard span > 0, span.isFinite, span > max(abs(high), abs(low)).ulp * 64 else {
      return Double(units - 1) / 2
    }
    return (price - low) / span * Double(units - 1)
  }

  private static func row(of price: Double, low: Double, span: Double, rows: Int) -> Int {
    guard span > 0, span.isFinite else { return rows / 2 }
    return min(rows - 1, max(0, Int(((price - low) / span * Double(rows - 1)).rounded())))
  }

  /// The round step (1, 2, 2.5 or 5 × a power of ten) at least `raw`.
  package static func roundStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let power = pow(10, (log10(raw)).rounded(.down))
    for factor in [1, 2, 2.5, 5, 10] where factor * power >= raw * (1 - 1e-9) {
      return factor * power
    }
    return 10 * power
  }

  /// The decimals that write every multiple of `step` exactly (`2.5`: one).
  package static func decimals(for step: Double) -> Int {
    var decimals = 0
    var scaled = step
    while decimals < 12 && abs(scaled - scaled.rounded()) > scaled * 1e-6 {
      scaled *= 10
      decimals += 1
    }
    return decimals
  }
}
