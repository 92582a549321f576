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
  /// when `method` has lots. Summed in runs as `spread` runs them.
  public static func totals(
    _ sales: [SaleFigures], method: CostBasisMethod, spread: any WorkSpread
  ) -> [GainsYear] {
    // Summed in ExactDecimal, runs of sales as `spread` runs them, then the runs' sums added
    // (a history of 100,000 transactions has tens of thousands of sales, each with its lots).
    let parts = spread.runs(of: sales.count, threshold: 10_000) { run in
      var years: [Int: YearSums] = [:]
      // Read field by field: a sale passed whole is copied (its lots and strings retained), as
      // the compiler cannot tell that the sums being added to do not change it.
      for index in run {
        years[year(of: sales[index].sale.date), default: YearSums()].add(
          sales[index].proceeds, sales[index].costBasis, sales[index].gain,
          lots: sales[index].lots)
      }
      return years
    }
    var years: [Int: YearSums] = [:]
    for part in parts {
      years.merge(part) { $0.adding($1) }
    }
    return years.keys.sorted().map { year in
      let sums = years[year] ?? YearSums()
      var total = GainsYear(
        year: year, proceeds: sums.all.proceeds?.decimal, costBasis: sums.all.costBasis?.decimal,
        gain: sums.all.gain?.decimal)
      if method.hasLots, !sums.hasUndatedLot {
        (total.shortTerm, total.longTerm) = (sums.short.totals, sums.long.totals)
      }
      return total
    }
  }
}

/// A year's running sums: of its sales' rounded figures, and of its lots' by term.
private struct YearSums {
  var all = RunningSums()
  var short = RunningSums()
  var long = RunningSums()
  /// Whether a lot's term is unknown (then the year has no short and long term parts).
  var hasUndatedLot = false

  /// Both sums together.
  func adding(_ other: YearSums) -> YearSums {
    YearSums(
      all: all.adding(other.all), short: short.adding(other.short),
      long: long.adding(other.long), hasUndatedLot: hasUndatedLot || other.hasUndatedLot)
  }

  /// Adds a sale's rounded figures, and its `lots`' by term.
  mutating func add(
    _ proceeds: Decimal?, _ costBasis: Decimal?, _ gain: Decimal?, lots: [LotFigures]
  ) {
    all.add(proceeds, costBasis, gain)
    for index in lots.indices {
      switch lots[index].term {
      case .short:
        short.add(lots[index].proceeds, lots[index].costBasis, lots[index].gain)
      case .long:
        long.add(lots[index].proceeds, lots[index].costBasis, lots[index].gain)
      case nil: hasUndatedLot = true
      }
    }
  }
}

/// Sums of rounded figures, as ``MoneyRounding/sum(_:)`` adds them: each unknown once a figure
/// added to it is.
private struct RunningSums {
  var proceeds: ExactDecimal? = .zero
  var costBasis: ExactDecimal? = .zero
  var gain: ExactDecimal? = .zero
  var count = 0

  mutating func add(_ proceeds: Decimal?, _ costBasis: Decimal?, _ gain: Decimal?) {
    func added(_ total: ExactDecimal?, _ figure: Decimal?) -> ExactDecimal? {
      guard let total, let figure else { return nil }
      return total + ExactDecimal(figure)
    }
    self.proceeds = added(self.proceeds, proceeds)
    self.costBasis = added(self.costBasis, costBasis)
    self.gain = added(self.gain, gain)
    count += 1
  }

  /// Both sums together (unknown when either is).
  func adding(_ other: RunningSums) -> RunningSums {
    func sum(_ lhs: ExactDecimal?, _ rhs: ExactDecimal?) -> ExactDecimal? {
      guard let lhs, let rhs else { return nil }
      return lhs + rhs
    }
    return RunningSums(
      proceeds: sum(proceeds, other.proceeds), costBasis: sum(costBasis, other.costBasis),
      gain: sum(gain, other.gain), count: count + other.count)
  }

  var totals: GainsTotals {
    GainsTotals(
      proceeds: proceeds?.decimal, costBasis: costBasis?.decimal, gain: gain?.decimal,
      count: count)
  }
}
