#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One tax year of US gains as Form 8949 and Schedule D ask for them: every lot a row in its
/// box, each box's totals, and the short and long term totals — all sums of the rounded rows.
public struct ScheduleDYear: Sendable, Equatable {
  /// The year.
  public var year: Int
  /// The rows, in the order sold.
  public var rows: [Form8949Row]
  /// Each box used, with the totals of its rows, in the form's order.
  public var boxes: [(box: Form8949Box, totals: GainsTotals)]
  /// The short-term totals (Schedule D Part I).
  public var shortTerm: GainsTotals
  /// The long-term totals (Schedule D Part II).
  public var longTerm: GainsTotals

  /// The years of `statement`'s sales, oldest first, each lot in the box `reporting` picks; a
  /// lot of unknown term (undated) is in no box.
  public static func years(of statement: GainsStatement, reporting: BasisReporting = .notReported)
    -> [ScheduleDYear]
  {
    var rowsByYear: [Int: [Form8949Row]] = [:]
    for sale in statement.sales {
      let year = GainsYear.year(of: sale.sale.date)
      for lot in sale.lots {
        guard let term = lot.term else { continue }
        rowsByYear[year, default: []].append(
          Form8949Row(
            saleID: sale.sale.transactionID, coin: sale.sale.coin, sold: sale.sale.date, lot: lot,
            box: Form8949Box.box(term: term, year: year, reporting: reporting)))
      }
    }
    return rowsByYear.keys.sorted().map { year in
      let rows = rowsByYear[year] ?? []
      // One pass: each box's sums, exact, from the rounded rows.
      var sums = [BoxSums](repeating: BoxSums(), count: Form8949Box.allCases.count)
      for row in rows {
        sums[Form8949Box.allCases.firstIndex(of: row.box)!].add(row.lot)
      }
      let boxes = zip(Form8949Box.allCases, sums).filter { $0.1.count > 0 }
      let short = boxes.filter { $0.0.term == .short }.reduce(BoxSums()) { $0.merged($1.1) }
      let long = boxes.filter { $0.0.term == .long }.reduce(BoxSums()) { $0.merged($1.1) }
      return ScheduleDYear(
        year: year, rows: rows, boxes: boxes.map { ($0.0, $0.1.totals) },
        shortTerm: short.totals, longTerm: long.totals)
    }
  }

  /// The running sums of a box's rounded rows (`nil` once a figure is unknown).
  struct BoxSums {
    var proceeds: ExactDecimal? = .zero
    var costBasis: ExactDecimal? = .zero
    var gain: ExactDecimal? = .zero
    var count = 0

    mutating func add(_ lot: LotFigures) {
      proceeds = Self.plus(proceeds, lot.proceeds.map(ExactDecimal.init))
      costBasis = Self.plus(costBasis, lot.costBasis.map(ExactDecimal.init))
      gain = Self.plus(gain, lot.gain.map(ExactDecimal.init))
      count += 1
    }

    func merged(_ other: BoxSums) -> BoxSums {
      BoxSums(
        proceeds: Self.plus(proceeds, other.proceeds),
        costBasis: Self.plus(costBasis, other.costBasis), gain: Self.plus(gain, other.gain),
        count: count + other.count)
    }

    var totals: GainsTotals {
      GainsTotals(
        proceeds: proceeds?.decimal, costBasis: costBasis?.decimal, gain: gain?.decimal,
        count: count)
    }

    static func plus(_ lhs: ExactDecimal?, _ rhs: ExactDecimal?) -> ExactDecimal? {
      guard let lhs, let rhs else { return nil }
      return lhs + rhs
    }
  }

  /// Year, rows and totals, and each box with its totals.
  public static func == (lhs: ScheduleDYear, rhs: ScheduleDYear) -> Bool {
    lhs.year == rhs.year && lhs.rows == rhs.rows && lhs.shortTerm == rhs.shortTerm
      && lhs.longTerm == rhs.longTerm && lhs.boxes.map(\.box) == rhs.boxes.map(\.box)
      && lhs.boxes.map(\.totals) == rhs.boxes.map(\.totals)
  }
}
