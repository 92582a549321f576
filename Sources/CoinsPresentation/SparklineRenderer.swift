/// Draws a price series as one line of block characters (`▁▂▃▄▅▆▇█`) or plain ASCII.
///
/// Longer series are resampled to the width by keeping, for every cell, the extreme of its
/// bucket (the high or the low, whichever strays further from the bucket's mean), so peaks and
/// troughs survive; the series' overall high and low always do.
public struct SparklineRenderer: Sendable, Equatable {
  /// The characters, lowest level first.
  public let levels: [Character]

  /// The Unicode block sparkline.
  public static let blocks = SparklineRenderer(levels: Array("▁▂▃▄▅▆▇█"))
  /// The plain ASCII sparkline.
  public static let ascii = SparklineRenderer(levels: Array("_.-~=+*^"))

  /// Creates a renderer from its levels, lowest first.
  public init(levels: [Character]) {
    self.levels = levels
  }

  /// The series drawn in at most `width` cells; missing and non-finite points are skipped,
  /// a flat series is drawn at mid height, an empty one as "".
  public func render(_ series: [Double?], width: Int) -> String {
    guard width > 0 else { return "" }
    let points = series.compactMap { $0 }.filter(\.isFinite)
    guard !points.isEmpty else { return "" }
    let sampled = Self.resample(points, to: width)
    guard let low = sampled.min(), let high = sampled.max() else { return "" }
    let span = high - low
    let top = levels.count - 1
    guard span > 0, span.isFinite else {
      return String(repeating: levels[levels.count / 2], count: sampled.count)
    }
    return String(
      sampled.map { value -> Character in
        let position = (value - low) / span * Double(top)
        return levels[max(0, min(top, Int(position.rounded())))]
      })
  }

  /// `points` reduced to `width` values keeping peaks and troughs (unchanged when they fit).
  public static func resample(_ points: [Double], to width: Int) -> [Double] {
    guard points.count > width, width > 0 else { return points }
    var result: [Double] = []
    result.reserveCapacity(width)
    var highIndex = 0
    var lowIndex = 0
    for (index, value) in points.enumerated() {
      if value > points[highIndex] { highIndex = index }
      if value < points[lowIndex] { lowIndex = index }
    }
    var highBucket = 0
    var lowBucket = 0
    for bucket in 0..<width {
      let start = bucket * points.count / width
      let end = (bucket + 1) * points.count / width
      let slice = points[start..<end]
      if (start..<end).contains(highIndex) { highBucket = bucket }
      if (start..<end).contains(lowIndex) { lowBucket = bucket }
      let high = slice.max() ?? 0
      let low = slice.min() ?? 0
      let mean = slice.reduce(0, +) / Double(slice.count)
      result.append(high - mean >= mean - low ? high : low)
    }
    result[highBucket] = points[highIndex]
    if lowBucket != highBucket { result[lowBucket] = points[lowIndex] }
    return result
  }
}
