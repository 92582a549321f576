import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio gains --box <reporting>`: by US rules, per year every lot a Form 8949 row in
/// its box (A–F before 2025, G–L from 2025, by what the broker's form reported), each box's
/// totals and Schedule D's short and long term totals beside them — sums of the rounded rows.
package enum ScheduleDReport {
  /// The text: the title line naming the rules, then each year's rows, boxes and totals.
  package static func text(
    _ years: [ScheduleDYear], currency: String, reporting: BasisReporting, names: CoinNames,
    emptyYear: Int?
  ) -> String {
    let figures = TaxReportText(currency: currency)
    var lines = [
      "Gains by \(TaxRules.us.title) in \(currency.uppercased()) · Form 8949 and Schedule D, "
        + "basis \(reporting.rawValue)"
    ]
    if years.isEmpty {
      lines.append("No sales recorded\(emptyYear.map { " in \($0)" } ?? "").")
    }
    for year in years {
      lines.append("")
      lines.append("\(year.year)")
      for row in year.rows {
        lines.append(
          "Box \(row.box.rawValue)  \(DecimalInput.text(row.lot.lot.amount)) "
            + "\(names.symbol(of: row.coin))  acquired "
            + "\(row.lot.lot.acquired.map(DateInput.dayText) ?? "undated"), sold "
            + "\(row.sold.map(DateInput.dayText) ?? "undated"): proceeds "
            + "\(figures.money(row.lot.proceeds)), cost basis \(figures.money(row.lot.costBasis)), "
            + "gain \(figures.signed(row.lot.gain)) (sale \(row.saleID))")
      }
      for (box, totals) in year.boxes {
        lines.append("Form 8949 box \(box.rawValue): \(sums(totals, figures)).")
      }
      lines.append("Schedule D short term (Part I): \(sums(year.shortTerm, figures)).")
      lines.append("Schedule D long term (Part II): \(sums(year.longTerm, figures)).")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func sums(_ totals: GainsTotals, _ figures: TaxReportText) -> String {
    "\(totals.count) row\(totals.count == 1 ? "" : "s"), proceeds \(figures.money(totals.proceeds)), "
      + "cost basis \(figures.money(totals.costBasis)), gain \(figures.signed(totals.gain))"
  }

  /// `{"rules","title","currency","form","reporting","years":[{"year","rows":[{"box","id","coin",
  /// "amount","acquired","sold","proceeds","costBasis","gain","term"}],"boxes":[{"box","count",
  /// "proceeds","costBasis","gain"}],"shortTerm":{…},"longTerm":{…}}]}`.
  package static func json(
    _ years: [ScheduleDYear], currency: String, reporting: BasisReporting
  ) -> String {
    let figures = TaxReportText(currency: currency)
    let day = { (date: Date?) in date.map { JSONText.string(DateInput.dayText($0)) } ?? "null" }
    func totals(_ totals: GainsTotals, box: Form8949Box? = nil) -> String {
      JSONText.object(
        (box.map { [("box", JSONText.string($0.rawValue))] } ?? []) + [
          ("count", String(totals.count)), ("proceeds", figures.json(totals.proceeds)),
          ("costBasis", figures.json(totals.costBasis)), ("gain", figures.json(totals.gain)),
        ])
    }
    let items = years.map { year in
      let rows = year.rows.map { row in
        JSONText.object([
          ("box", JSONText.string(row.box.rawValue)), ("id", JSONText.string(row.saleID)),
          ("coin", JSONText.string(row.coin)), ("amount", DecimalInput.text(row.lot.lot.amount)),
          ("acquired", day(row.lot.lot.acquired)), ("sold", day(row.sold)),
          ("proceeds", figures.json(row.lot.proceeds)),
          ("costBasis", figures.json(row.lot.costBasis)), ("gain", figures.json(row.lot.gain)),
          ("term", row.lot.term.map { JSONText.string($0.rawValue) } ?? "null"),
        ])
      }
      return JSONText.object([
        ("year", String(year.year)), ("rows", JSONText.array(rows)),
        ("boxes", JSONText.array(year.boxes.map { totals($0.totals, box: $0.box) })),
        ("shortTerm", totals(year.shortTerm)), ("longTerm", totals(year.longTerm)),
      ])
    }
    return JSONText.object([
      ("rules", JSONText.string(TaxRules.us.name)), ("title", JSONText.string(TaxRules.us.title)),
      ("currency", JSONText.string(currency)), ("form", JSONText.string(TaxRules.us.form.rawValue)),
      ("reporting", JSONText.string(reporting.rawValue)), ("years", JSONText.array(items)),
    ])
  }

  /// One row per Form 8949 row: `box,description,dateAcquired,dateSold,proceeds,costBasis,gain,
  /// term,currency,id`.
  package static func csv(_ years: [ScheduleDYear], currency: String, names: CoinNames) -> String {
    let figures = TaxReportText(currency: currency)
    var lines = ["box,description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id"]
    for row in years.flatMap(\.rows) {
      lines.append(
        [
          row.box.rawValue,
          CSVField.report("\(DecimalInput.text(row.lot.lot.amount)) \(names.symbol(of: row.coin))"),
          row.lot.lot.acquired.map(DateInput.dayText) ?? "", row.sold.map(DateInput.dayText) ?? "",
          figures.csv(row.lot.proceeds), figures.csv(row.lot.costBasis), figures.csv(row.lot.gain),
          row.lot.term?.rawValue ?? "", CSVField.report(currency), CSVField.report(row.saleID),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
