/// What a chart's summary line says: first, last, change over the range, high, low, average.
public struct HistorySummary: Sendable, Equatable {
  /// The oldest point.
  public var first: PricePoint
  /// The newest point.
  public var last: PricePoint
  /// The highest price and when it was first reached.
  public var high: PricePoint
  /// The lowest price and when it was first reached.
  public var low: PricePoint
  /// The mean of the points' prices.
  public var average: Double

  /// The change from first to last in the currency.
  public var changeValue: Double { last.price - first.price }

  /// The change from first to last in percent; `nil` when the first price is 0.
  public var change: Double? {
    first.price > 0 ? (last.price - first.price) / first.price * 100 : nil
  }

  /// Creates a summary from its figures.
  public init(
    first: PricePoint, last: PricePoint, high: PricePoint, low: PricePoint, average: Double
  ) {
    self.first = first
    self.last = last
    self.high = high
    self.low = low
    self.average = average
  }

  /// The summary of `points` (oldest first), or `nil` when there are none.
  public init?(_ points: [PricePoint]) {
    guard let first = points.first, let last = points.last else { return nil }
    var high = first
    var low = first
    var sum = 0.0
    for point in points {
      if point.price > high.price { high = point }
      if point.price < low.price { low = point }
      sum += point.price
    }
    self.first = first
    self.last = last
    self.high = high
    self.low = low
    self.average = sum / Double(points.count)
  }
}
