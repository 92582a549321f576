import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio gains --rules uk`: per tax year the SA108 figures (and 2024/25's split at
/// 30 October 2024), the annual exempt amount and the losses brought forward, used and carried,
/// each disposal with what each share matching rule matched at what cost, and each coin's
/// section 104 pool at the year's end — as text, JSON or CSV (one row per disposal).
package enum UKGainsReport {
  /// The report's text: the title line naming the rules, then each year of `years`.
  package static func text(
    _ report: UKTaxReport, years: [UKTaxYear], rules: TaxRules, names: CoinNames,
    emptyYear: String?
  ) -> String {
    String(
      decoding: utf8(report, years: years, rules: rules, names: names, emptyYear: emptyYear),
      as: UTF8.self)
  }

  /// ``text(_:years:rules:names:emptyYear:)`` as UTF-8, as it is made (a large history's is
  /// megabytes: no string is made for its lines).
  package static func utf8(
    _ report: UKTaxReport, years: [UKTaxYear], rules: TaxRules, names: CoinNames,
    emptyYear: String?
  ) -> [UInt8] {
    let figures = TaxReportText(currency: report.currency)
    var lines = TaxReportBytes(figures)
    func line(_ text: String) {
      lines.append(text)
      lines.append("\n")
    }
    line(TaxReportText.title("Gains", rules: rules, currency: report.currency))
    if years.isEmpty {
      line(emptyYear.map { "No disposals in tax year \($0)." } ?? "No disposals recorded.")
    }
    // A large history has tens of thousands of disposals: their lines are made in runs over
    // every year's, on every core, each run one part of the text.
    let parts = TaxReportRows.lines(
      counts: years.map(\.disposals.count), figures: figures, names: names
    ) { year, row, symbols, output in
      linesOfDisposal(years[year].disposals[row], symbols: &symbols, into: &output)
    }
    lines.reserveCapacity(more: TaxReportRows.room(for: parts, years: years.count))
    for (year, parts) in zip(years, parts) {
      let last = TaxYearCalendar.fromSixthOfApril.lastDay(of: year.year)
      line("")
      line(
        "Tax year \(year.label) (\(TaxReportText.date(TaxYearCalendar.fromSixthOfApril.firstDay(of: year.year))) to \(TaxReportText.date(last)))"
      )
      if year.disposals.isEmpty { line("No disposals.") }
      for part in parts { lines.append(part) }
      line("SA108: \(sa108(year.figures, figures)).")
      if let split = year.split {
        line("  before 30 October 2024: \(sa108(split.before, figures)).")
        line("  on or after 30 October 2024: \(sa108(split.after, figures)).")
      }
      line(
        "Annual exempt amount \(figures.money(year.annualExemptAmount)); losses brought forward "
          + "\(figures.money(year.lossesBroughtForward)), used \(figures.money(year.lossesUsed)), "
          + "carried forward \(figures.money(year.lossesCarriedForward)); taxable gain "
          + "\(figures.money(year.taxableGain)).")
      for state in year.pools {
        line(
          "Section 104 pool at \(TaxReportText.date(last)): \(names.symbol(of: state.coin)) "
            + "\(DecimalInput.text(state.pool.amount)) costing \(figures.money(state.pool.cost)).")
      }
    }
    return lines.bytes
  }

  /// `2024-10-01  BTC  1: proceeds …, allowable costs … (fees …), gain …` and a line per
  /// rule that matched, each with a newline, appended to `output`.
  private static func linesOfDisposal(
    _ disposal: UKDisposal, symbols: inout TaxReportText.Symbols,
    into output: inout TaxReportBytes
  ) {
    output.append(date: disposal.day)
    output.append(literal: "  ")
    output.append(symbols.symbol(of: disposal.coin))
    output.append(literal: "  ")
    output.append(decimal: disposal.amount)
    output.append(literal: ": proceeds ")
    output.append(money: disposal.proceeds)
    let (allowableCost, gain) = disposal.costAndGain
    output.append(literal: ", allowable costs ")
    output.append(money: allowableCost)
    output.append(literal: " (fees ")
    output.append(money: disposal.fees)
    output.append(literal: "), gain ")
    output.append(signed: gain)
    output.append(literal: "\n")
    for match in disposal.matches {
      output.append(literal: "  ")
      output.append(match.rule.title)
      output.append(literal: ": ")
      output.append(decimal: match.amount)
      output.append(literal: " costing ")
      output.append(money: match.cost)
      if let day = match.acquiredDay {
        output.append(literal: " (acquired ")
        output.append(date: day)
        output.append(literal: ")")
      }
      output.append(literal: "\n")
    }
  }

  private static func sa108(_ sa108: SA108Figures, _ figures: TaxReportText) -> String {
    "disposals \(sa108.disposals), proceeds \(figures.money(sa108.proceeds)), allowable costs "
      + "\(figures.money(sa108.allowableCosts)), gains \(figures.money(sa108.gains)), losses "
      + "\(figures.money(sa108.losses))"
      + (sa108.unknown > 0 ? " (\(sa108.unknown) with unknown figures left out)" : "")
  }

  /// `{"rules","title","currency","zone","form","convertedAtTodaysRate","years":[{"taxYear",
  /// "year","sa108":{…},
  /// "before30October2024","onOrAfter30October2024","annualExemptAmount",
  /// "lossesBroughtForward","lossesUsed","lossesCarriedForward","taxableGain","disposals":[{
  /// "date","coin","amount","proceeds","fees","allowableCosts","gain","ids","provenance",
  /// "matches":[{"rule","amount","cost","acquired"}]}],"pools":[{"coin","amount","cost"}]}]}`:
  /// money rounded to the minor unit, amounts exact; the split `null` but in 2024/25;
  /// `provenance` has one member per id, each sale's price and fee as US gains write them
  /// (``ProvenanceText/json(_:)``); `convertedAtTodaysRate` says whether a figure of `years`
  /// was converted at today's rate (``UKTaxYear/convertedAtTodaysRate``).
  /// The report is made with its provenance (`provenance: true`).
  package static func json(_ report: UKTaxReport, years: [UKTaxYear], rules: TaxRules) -> String {
    let figures = TaxReportText(currency: report.currency)
    func sa108(_ sa108: SA108Figures?) -> String {
      guard let sa108 else { return "null" }
      return JSONText.object([
        ("disposals", String(sa108.disposals)), ("proceeds", figures.json(sa108.proceeds)),
        ("allowableCosts", figures.json(sa108.allowableCosts)),
        ("gains", figures.json(sa108.gains)), ("losses", figures.json(sa108.losses)),
        ("unknown", String(sa108.unknown)),
      ])
    }
    let items = years.map { year in
      let disposals = year.disposals.map { disposal in
        JSONText.object([
          ("date", JSONText.string(TaxReportText.date(disposal.day))),
          ("coin", JSONText.string(disposal.coin)),
          ("amount", DecimalInput.text(disposal.amount)),
          ("proceeds", figures.json(disposal.proceeds)), ("fees", figures.json(disposal.fees)),
          ("allowableCosts", figures.json(disposal.allowableCost)),
          ("gain", figures.json(disposal.gain)),
          ("ids", JSONText.array(disposal.transactionIDs.map(JSONText.string))),
          ("provenance", JSONText.array(disposal.provenance.map(ProvenanceText.json))),
          (
            "matches",
            JSONText.array(
              disposal.matches.map { match in
                JSONText.object([
                  ("rule", JSONText.string(match.rule.rawValue)),
                  ("amount", DecimalInput.text(match.amount)), ("cost", figures.json(match.cost)),
                  (
                    "acquired",
                    match.acquiredDay.map { JSONText.string(TaxReportText.date($0)) } ?? "null"
                  ),
                ])
              })
          ),
        ])
      }
      let pools = year.pools.map { state in
        JSONText.object([
          ("coin", JSONText.string(state.coin)), ("amount", DecimalInput.text(state.pool.amount)),
          ("cost", figures.json(state.pool.cost)),
        ])
      }
      return JSONText.object([
        ("taxYear", JSONText.string(year.label)), ("year", String(year.year)),
        ("sa108", sa108(year.figures)), ("before30October2024", sa108(year.split?.before)),
        ("onOrAfter30October2024", sa108(year.split?.after)),
        ("annualExemptAmount", figures.json(year.annualExemptAmount)),
        ("lossesBroughtForward", figures.json(year.lossesBroughtForward)),
        ("lossesUsed", figures.json(year.lossesUsed)),
        ("lossesCarriedForward", figures.json(year.lossesCarriedForward)),
        ("taxableGain", figures.json(year.taxableGain)), ("disposals", JSONText.array(disposals)),
        ("pools", JSONText.array(pools)),
      ])
    }
    return JSONText.object([
      ("rules", JSONText.string(rules.name)), ("title", JSONText.string(rules.title)),
      ("currency", JSONText.string(report.currency)), ("zone", JSONText.string(rules.zone.name)),
      ("form", JSONText.string(rules.form.rawValue)),
      ("convertedAtTodaysRate", years.contains(where: \.convertedAtTodaysRate) ? "true" : "false"),
      ("years", JSONText.array(items)),
    ])
  }

  /// One row per disposal: `date,taxYear,coin,amount,proceeds,allowableCosts,gain,
  /// sameDayAmount,sameDayCost,thirtyDayAmount,thirtyDayCost,poolAmount,poolCost,currency,ids`
  /// (the ids joined by spaces; money with the minor unit's digits, unknown empty).
  package static func csv(_ report: UKTaxReport, years: [UKTaxYear]) -> String {
    let figures = TaxReportText(currency: report.currency)
    var lines = [
      "date,taxYear,coin,amount,proceeds,allowableCosts,gain,sameDayAmount,sameDayCost,"
        + "thirtyDayAmount,thirtyDayCost,poolAmount,poolCost,currency,ids"
    ]
    for year in years {
      for disposal in year.disposals {
        var cells = [
          TaxReportText.date(disposal.day), year.label, CSVField.report(disposal.coin),
          DecimalInput.text(disposal.amount), figures.csv(disposal.proceeds),
          figures.csv(disposal.allowableCost), figures.csv(disposal.gain),
        ]
        for rule in [ShareMatchingRule.sameDay, .thirtyDay, .section104] {
          let matched = disposal.matches.filter { $0.rule == rule }
          guard !matched.isEmpty else {
            cells += ["", ""]
            continue
          }
          let amount = matched.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1.amount) }
          let costs = matched.map(\.cost)
          let cost =
            costs.contains(nil)
            ? nil : costs.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1 ?? 0) }.decimal
          cells += [DecimalInput.text(amount.decimal), figures.csv(cost)]
        }
        cells += [
          CSVField.report(report.currency),
          CSVField.report(disposal.transactionIDs.joined(separator: " ")),
        ]
        lines.append(cells.joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
