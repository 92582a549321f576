/// The one rule for timestamps in histories from files or the network: a finite number of
/// milliseconds between 2000 and 2200 (anything else is garbage, not a moment of trading).
enum HistoryTimestamp {
  /// 2000-01-01T00:00:00Z in milliseconds.
  static let earliest: Double = 946_684_800_000
  /// 2200-01-01T00:00:00Z in milliseconds.
  static let latest: Double = 7_258_118_400_000
  /// The most a price may be and still be believed (a bigger one is a corrupt answer).
  static let largestPrice = 1e18

  /// Whole milliseconds, or `nil` when `value` is not a believable moment.
  static func milliseconds(_ value: Double?) -> Int64? {
    guard let value, value.isFinite, value >= earliest, value <= latest else { return nil }
    return Int64(value.rounded())
  }

  /// The price, or `nil` when it is missing, not finite, negative or absurdly large.
  static func price(_ value: Double?) -> Double? {
    guard let value, value.isFinite, value >= 0, value <= largestPrice else { return nil }
    return value
  }
}
