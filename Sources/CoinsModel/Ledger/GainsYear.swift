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

  /// The UTC year of a date (0 for an undated sale).
  public static func year(of date: Date?) -> Int {
    guard let date else { return 0 }
    return Int(DateInput.dayText(date).prefix(4)) ?? 0
  }

  /// One total per year of `sales`, oldest year first.
  public static func totals(_ sales: [RealizedGain]) -> [GainsYear] {
    let years = Set(sales.map { year(of: $0.date) }).sorted()
    return years.map { year in
      let inYear = sales.filter { Self.year(of: $0.date) == year }
      func sum(_ figure: (RealizedGain) -> Decimal?) -> Decimal? {
        let figures = inYear.map(figure)
        return figures.contains(nil) ? nil : figures.compactMap { $0 }.reduce(0, +)
      }
      return GainsYear(
        year: year, proceeds: sum(\.proceeds), costBasis: sum(\.costBasis), gain: sum(\.gain))
    }
  }
}
