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

/// A daily series of values and flows turned into returns: each day's time-weighted return
/// with the day's flows counted at its start, r(d) = V(d) / (V(d−1) + F(d)) − 1, and the index
/// they chain into. A day that starts with nothing at work (V(d−1) + F(d) ≤ 0) counts 0.
package struct ReturnSeries: Sendable, Equatable {
  /// The first day (UTC day number).
  package var first: Int
  /// Each day's return, from ``first`` on.
  package var daily: [Double]
  /// The index after each day: 1 before the first, × (1 + r) each day.
  package var index: [Double]

  /// The returns of `values` (each day's end value, from `first` on) after `start` (the end
  /// value of the day before), with `flows` (each day's flows, by position).
  package init(first: Int, start: ExactDecimal, values: [ExactDecimal], flows: [ExactDecimal]) {
    self.first = first
    daily = []
    index = []
    daily.reserveCapacity(values.count)
    var before = start
    var level = 1.0
    for (offset, value) in values.enumerated() {
      let atWork = before + flows[offset]
      var rate = 0.0
      if atWork > .zero, let ratio = value.divided(by: atWork) { rate = ratio.doubleValue - 1 }
      daily.append(rate)
      level *= 1 + rate
      index.append(level)
      before = value
    }
  }

  /// The cumulative return over the whole series.
  package var cumulative: Double { (index.last ?? 1) - 1 }

  /// The cumulative return as a yearly rate (365-day years).
  package var annualized: Double {
    guard !daily.isEmpty, let last = index.last, last > 0 else { return -1 }
    return pow(last, 365 / Double(daily.count)) - 1
  }

  /// The deepest fall of the index from an earlier peak (the start counts as one, at 1).
  package var drawdown: Drawdown? {
    var peak = 1.0
    var peakDay = first - 1
    var deepest: Drawdown?
    for (offset, level) in index.enumerated() {
      if level > peak {
        peak = level
        peakDay = first + offset
        continue
      }
      let fall = level / peak - 1
      if fall < 0, fall < (deepest?.depth ?? 0) {
        deepest = Drawdown(depth: fall, peakDay: peakDay, troughDay: first + offset)
      }
    }
    return deepest
  }

  /// The return over `days` (a part of the series), chained from its days.
  package func cumulative(over days: ClosedRange<Int>) -> Double {
    let lower = max(days.lowerBound - first, 0)
    let upper = min(days.upperBound - first, daily.count - 1)
    guard lower <= upper else { return 0 }
    return daily[lower...upper].reduce(1.0) { $0 * (1 + $1) } - 1
  }
}

/// The deepest fall of an index: how deep, from which day's peak to which day's trough.
package struct Drawdown: Sendable, Equatable {
  /// The fall, as a negative fraction (−0.2 is 20 % down).
  package var depth: Double
  /// The day of the peak (the day before the range when the range began at its peak).
  package var peakDay: Int
  /// The day of the trough.
  package var troughDay: Int
}
