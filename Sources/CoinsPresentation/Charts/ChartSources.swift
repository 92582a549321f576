import CoinsModel
import CoinsSupport

/// Which price source covered which days of a chart drawn from daily opens, as the line under
/// it and its JSON say: each source's days as runs of consecutive days (gaps of up to a week,
/// which a price is carried forward over, do not break a run), earliest first.
package enum ChartSources {
  /// One source's run of days (UTC day numbers).
  package struct Run: Sendable, Equatable {
    /// `coinbase (BTC-USD)`, `yours`.
    package var source: String
    /// Its first and last day.
    package var days: ClosedRange<Int>

    /// A run of `source` over `days`.
    package init(source: String, days: ClosedRange<Int>) {
      self.source = source
      self.days = days
    }
  }

  /// The runs of each source's `coverage` (its days), ordered by their first day.
  package static func runs(_ coverage: [String: Set<Int>]) -> [Run] {
    var runs: [Run] = []
    for (source, days) in coverage {
      var current: ClosedRange<Int>?
      for day in days.sorted() {
        if let run = current, day - run.upperBound <= 8 {
          current = run.lowerBound...day
        } else {
          if let run = current { runs.append(Run(source: source, days: run)) }
          current = day...day
        }
      }
      if let run = current { runs.append(Run(source: source, days: run)) }
    }
    return runs.sorted { ($0.days.lowerBound, $0.source) < ($1.days.lowerBound, $1.source) }
  }

  /// `Prices: coinbase (BTC-USD) 2023-12-03 to 2025-12-01; yours 2025-12-02 to 2026-12-02.`
  package static func line(_ runs: [Run]) -> String {
    guard !runs.isEmpty else { return "Prices: none needed." }
    return "Prices: "
      + runs.map {
        "\($0.source) \(PerformanceReport.day($0.days.lowerBound)) to "
          + PerformanceReport.day($0.days.upperBound)
      }.joined(separator: "; ") + "."
  }

  /// `[{"source":…,"from":"2023-12-03","to":"2025-12-01"},…]`.
  package static func json(_ runs: [Run]) -> String {
    JSONText.array(
      runs.map {
        JSONText.object([
          ("source", JSONText.string($0.source)),
          ("from", JSONText.string(PerformanceReport.day($0.days.lowerBound))),
          ("to", JSONText.string(PerformanceReport.day($0.days.upperBound))),
        ])
      })
  }
}
