#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A coin's (or the portfolio's) prices over time, oldest first, one point per moment.
///
/// Built only through ``init(raw:)`` or ``init(sorted:)``: whatever came from a file or the
/// network is sanitized first — points without a believable time or price are dropped, the rest
/// sorted, and a moment given twice keeps the value given last.
public struct PriceHistory: Sendable, Equatable {
  /// The points, strictly increasing in time.
  public private(set) var points: [PricePoint]

  /// Sanitizes raw `[time ms, price]` pairs (either may be missing).
  public init(raw: [(milliseconds: Double?, price: Double?)]) {
    var byTime: [(Int64, Int, Double)] = []
    byTime.reserveCapacity(raw.count)
    for (index, pair) in raw.enumerated() {
      guard let time = HistoryTimestamp.milliseconds(pair.milliseconds),
        let price = HistoryTimestamp.price(pair.price)
      else { continue }
      byTime.append((time, index, price))
    }
    // Sort by time, then by position, so that of two points at one moment the later one wins.
    byTime.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    var points: [PricePoint] = []
    points.reserveCapacity(byTime.count)
    for (time, _, price) in byTime {
      if points.last?.milliseconds == time {
        points[points.count - 1].price = price
      } else {
        points.append(PricePoint(milliseconds: time, price: price))
      }
    }
    self.points = points
  }

  /// Points already known to be clean and strictly increasing in time (the portfolio's sums).
  public init(sorted points: [PricePoint]) {
    self.points = points
  }

  /// Whether there is nothing to show.
  public var isEmpty: Bool { points.isEmpty }

  /// The figures of the summary line, or `nil` for an empty history.
  public var summary: HistorySummary? { HistorySummary(points) }

  /// The price in effect at `milliseconds`: the last point at or before it, or `nil` before
  /// the first point.
  public func price(at milliseconds: Int64) -> Double? {
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].milliseconds <= milliseconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : points[low - 1].price
  }

  /// The points from `start` on (for a year-to-date view cut from a longer answer).
  public func since(_ start: Int64) -> PriceHistory {
    PriceHistory(sorted: points.filter { $0.milliseconds >= start })
  }
}
