import FoundationEssentials

/// The realized gains of one calendar year (UTC): the sum of its sales.
public struct GainsYear: Sendable, Equatable {
  /// The year, e.g. 2026.
  public var year: Int
  /// Summed proceeds; `nil` when a sale's is unknown.
  public var proceeds: Decimal?
  /// Summed cost basis; `nil` when a sale's is unknown.
  public var costBasis: Decimal?
  /// Summed gain; `nil` when a sale's is unknown.
  public var gain: Decimal?

  /// The UTC year of a date (0 for an undated sale), of the time as written to the millisecond
  /// (``ISO8601Timestamp/format(_:)``).
  public static func year(of date: Date?) -> Int {
    guard let date, date.timeIntervalSince1970.isFinite else { return 0 }
    let time = date.timeIntervalSince1970
    var seconds = time.rounded(.down)
    if ((time - seconds) * 1000).rounded() >= 1000 { seconds += 1 }
    let day = Int((seconds / 86_400).rounded(.down))
    return min(9999, max(0, ISO8601Timestamp.civilFromDays(day).year))
  }

  /// One total per year of `sales`, oldest year first.
  public static func totals(_ sales: [RealizedGain]) -> [GainsYear] {
    /// A year's sums so far; `nil` once a sale's figure is unknown.
    struct Sums {
      var proceeds: ExactDecimal? = .zero
      var costBasis: ExactDecimal? = .zero
      var gain: ExactDecimal? = .zero
    }
    func plus(_ total: ExactDecimal?, _ figure: Decimal?) -> ExactDecimal? {
      guard let total, let figure else { return nil }
      return total + ExactDecimal(figure)
    }
    var years: [Int: Sums] = [:]
    for sale in sales {
      var sums = years[year(of: sale.date), default: Sums()]
      sums.proceeds = plus(sums.proceeds, sale.proceeds)
      sums.costBasis = plus(sums.costBasis, sale.costBasis)
      sums.gain = plus(sums.gain, sale.gain)
      years[year(of: sale.date)] = sums
    }
    return years.sorted { $0.key < $1.key }.map { year, sums in
      GainsYear(
        year: year, proceeds: sums.proceeds?.decimal, costBasis: sums.costBasis?.decimal,
        gain: sums.gain?.decimal)
    }
  }
}
