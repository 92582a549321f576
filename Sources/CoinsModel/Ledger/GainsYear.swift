#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Summed proceeds, cost basis and gain; each `nil` when a figure summed is unknown.
public struct GainsTotals: Sendable, Equatable {
  /// Summed proceeds.
  public var proceeds: Decimal?
  /// Summed cost basis.
  public var costBasis: Decimal?
  /// Summed gain.
  public var gain: Decimal?
  /// How many rows were summed.
  public var count: Int

  /// Creates totals.
  public init(proceeds: Decimal?, costBasis: Decimal?, gain: Decimal?, count: Int) {
    (self.proceeds, self.costBasis, self.gain, self.count) = (proceeds, costBasis, gain, count)
  }

  /// The sums of rounded rows' figures.
  init(_ rows: [(proceeds: Decimal?, costBasis: Decimal?, gain: Decimal?)]) {
    self.init(
      proceeds: MoneyRounding.sum(rows.map(\.proceeds)),
      costBasis: MoneyRounding.sum(rows.map(\.costBasis)),
      gain: MoneyRounding.sum(rows.map(\.gain)), count: rows.count)
  }
}

/// The realized gains of one calendar year (UTC): the sums of its sales as shown, rounded
/// (``SaleFigures``), and of its lots by term.
public struct GainsYear: Sendable, Equatable {
  /// The year, e.g. 2026.
  public var year: Int
  /// Summed proceeds; `nil` when a sale's is unknown.
  public var proceeds: Decimal?
  /// Summed cost basis; `nil` when a sale's is unknown.
  public var costBasis: Decimal?
  /// Summed gain; `nil` when a sale's is unknown.
  public var gain: Decimal?
  /// The sums of the rounded lots held short term; `nil` by average cost, or when a lot's
  /// term is unknown (an undated lot or sale).
  public var shortTerm: GainsTotals? = nil
  /// The sums of the rounded lots held long term; `nil` as ``shortTerm`` is.
  public var longTerm: GainsTotals? = nil

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

  /// One total per year of `sales`, oldest year first: a year's figures are the sums of its
  /// rows, so a form's lines add up; short and long term the sums of its lots of each term
  /// when `method` has lots.
  public static func totals(_ sales: [SaleFigures], method: CostBasisMethod) -> [GainsYear] {
    let years = Dictionary(grouping: sales) { year(of: $0.sale.date) }
    return years.keys.sorted().map { year in
      let rows = years[year] ?? []
      let all = GainsTotals(rows.map { ($0.proceeds, $0.costBasis, $0.gain) })
      var total = GainsYear(
        year: year, proceeds: all.proceeds, costBasis: all.costBasis, gain: all.gain)
      let lots = rows.flatMap(\.lots)
      if method.hasLots, !lots.contains(where: { $0.term == nil }) {
        func sums(_ term: HoldingTerm) -> GainsTotals {
          GainsTotals(lots.filter { $0.term == term }.map { ($0.proceeds, $0.costBasis, $0.gain) })
        }
        (total.shortTerm, total.longTerm) = (sums(.short), sums(.long))
      }
      return total
    }
  }
}
