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
      let boxes = Form8949Box.allCases.compactMap { box -> (Form8949Box, GainsTotals)? in
        let inBox = rows.filter { $0.box == box }
        return inBox.isEmpty ? nil : (box, totals(inBox))
      }
      return ScheduleDYear(
        year: year, rows: rows, boxes: boxes,
        shortTerm: totals(rows.filter { $0.box.term == .short }),
        longTerm: totals(rows.filter { $0.box.term == .long }))
    }
  }

  /// The sums of `rows`' rounded figures.
  static func totals(_ rows: [Form8949Row]) -> GainsTotals {
    GainsTotals(
      proceeds: MoneyRounding.sum(rows.map(\.lot.proceeds)),
      costBasis: MoneyRounding.sum(rows.map(\.lot.costBasis)),
      gain: MoneyRounding.sum(rows.map(\.lot.gain)), count: rows.count)
  }

  /// Year, rows and totals, and each box with its totals.
  public static func == (lhs: ScheduleDYear, rhs: ScheduleDYear) -> Bool {
    lhs.year == rhs.year && lhs.rows == rhs.rows && lhs.shortTerm == rhs.shortTerm
      && lhs.longTerm == rhs.longTerm && lhs.boxes.map(\.box) == rhs.boxes.map(\.box)
      && lhs.boxes.map(\.totals) == rhs.boxes.map(\.totals)
  }
}
