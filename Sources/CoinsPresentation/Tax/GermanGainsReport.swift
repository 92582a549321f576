import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio gains --rules de`: per calendar year each sale's lots (first in, first out
/// within the wallet) taxable or tax-free with the days held, the year's net § 23 result
/// against the Freigrenze (taxed in full or not at all), the losses carried back and forward,
/// and the Anlage SO fields of that year's form — as text, JSON or CSV (one row per lot).
package enum GermanGainsReport {
  /// The report's text: the title line naming the rules, then each year of `years`.
  package static func text(
    _ report: GermanTaxReport, years: [GermanTaxYear], rules: TaxRules, names: CoinNames,
    emptyYear: Int?
  ) -> String {
    String(
      decoding: utf8(report, years: years, rules: rules, names: names, emptyYear: emptyYear),
      as: UTF8.self)
  }

  /// ``text(_:years:rules:names:emptyYear:)`` as UTF-8, as it is made (a large history's is
  /// megabytes: no string is made for its lines).
  package static func utf8(
    _ report: GermanTaxReport, years: [GermanTaxYear], rules: TaxRules, names: CoinNames,
    emptyYear: Int?
  ) -> [UInt8] {
    let figures = TaxReportText(currency: report.currency)
    var lines = TaxReportBytes(figures)
    func line(_ text: String) {
      lines.append(text)
      lines.append("\n")
    }
    line(TaxReportText.title("Gains", rules: rules, currency: report.currency))
    if years.isEmpty {
      line(emptyYear.map { "No sales in \($0)." } ?? "No sales recorded.")
    }
    // A large history has tens of thousands of lots: their lines are made in runs over every
    // year's sales, on every core, each run one part of the text.
    let parts = TaxReportRows.lines(
      counts: years.map(\.sales.count), figures: figures, names: names
    ) { year, row, symbols, output in
      // Read in place: a copy of each sale and lot would retain its strings.
      for lot in years[year].sales[row].lots.indices {
        lineOfLot(lot, of: years[year].sales[row], symbols: &symbols, into: &output)
      }
    }
    // Each year's Anlage SO fields sum its lots: a large history's years on every core.
    let fields = Parallel.map(
      years, weight: \.sales.count, threshold: TaxReportText.manyLines
    ) { sectionFields($0) }
    lines.reserveCapacity(more: TaxReportRows.room(for: parts, years: years.count))
    for ((year, parts), fields) in zip(zip(years, parts), fields) {
      line("")
      line("\(year.year) (\(year.form))")
      if year.sales.isEmpty { line("No sales.") }
      for part in parts { lines.append(part) }
      line(
        "§ 23 result \(figures.signed(year.netResult)) (coins \(figures.signed(year.cryptoResult)), "
          + "other private sales \(figures.signed(year.otherPrivateSales))); tax-free gains "
          + "\(figures.signed(year.taxFreeResult)).")
      line(
        "Freigrenze \(figures.money(year.freigrenze)): "
          + (year.taxedInFull
            ? "the result is not less than it, so it is taxed in full."
            : "the result is less than it, so none of it is taxed."))
      line(
        "Losses: carried back into this year \(figures.money(year.lossCarriedBackIn)), brought "
          + "forward and used \(figures.money(year.lossesBroughtForwardUsed)), carried back to "
          + "\(year.year - 1) \(figures.money(year.lossCarriedBack)), carried forward "
          + "\(figures.money(year.lossesCarriedForward)); taxable § 23 gain "
          + "\(figures.money(year.taxableGain)).")
      line("\(year.form):")
      for field in fields {
        line("  \(field.caption): \(figures.money(field.value))")
      }
    }
    return lines.bytes
  }

  /// `2025-03-11  BTC  0.5 from default (acquired 2024-03-10): proceeds …, cost …, gain …:
  /// tax-free, held 366 days` and a newline for lot `index` of `sale`, appended to `output`.
  private static func lineOfLot(
    _ index: Int, of sale: borrowing GermanSale, symbols: inout TaxReportText.Symbols,
    into output: inout TaxReportBytes
  ) {
    output.append(date: sale.day)
    output.append(literal: "  ")
    output.append(symbols.symbol(of: sale.coin))
    output.append(literal: "  ")
    output.append(decimal: sale.lots[index].amount)
    output.append(literal: " from ")
    output.append(sale.wallet)
    output.append(literal: " (acquired ")
    output.append(date: sale.lots[index].acquiredDay)
    output.append(literal: "): proceeds ")
    output.append(money: sale.lots[index].proceeds)
    output.append(literal: ", cost ")
    output.append(money: sale.lots[index].cost)
    output.append(literal: ", gain ")
    output.append(signed: sale.lots[index].gain)
    output.append(literal: sale.lots[index].taxFree ? ": tax-free, " : ": taxable, ")
    if let days = sale.lots[index].daysHeld {
      output.append(literal: "held ")
      output.append(integer: days)
      output.append(literal: " days\n")
    } else {
      output.append(literal: "held unknown\n")
    }
  }

  /// The year's § 23 fields (the § 22 Nr. 3 income is `income --rules de`'s).
  static func sectionFields(_ year: GermanTaxYear) -> [AnlageSOField] {
    year.fields.filter { $0.caption.contains("§ 23") }
  }

  /// `{"rules","title","currency","zone","form","convertedAtTodaysRate","years":[{"year","form",
  /// "sales":[{"id","date","coin","wallet","amount","provenance","lots":[{"acquired","amount",
  /// "proceeds","cost","gain","daysHeld","taxFree","provenance"}]}],"cryptoResult",
  /// "otherPrivateSales","netResult","taxFreeResult","freigrenze","taxedInFull",
  /// "lossCarriedBackIn","lossesBroughtForwardUsed","lossCarriedBack","lossesCarriedForward",
  /// "taxableGain","fields":[{"caption","value"}]}]}`; a sale's `provenance` is its price's (its
  /// proceeds), a lot's its acquisition's (its cost), as US gains write them
  /// (``ProvenanceText/json(_:)``; the report is made with its provenance, `provenance: true`);
  /// `convertedAtTodaysRate` says whether a figure of `years` was converted at today's rate
  /// (``GermanTaxYear/convertedAtTodaysRate``).
  package static func json(_ report: GermanTaxReport, years: [GermanTaxYear], rules: TaxRules)
    -> String
  {
    let figures = TaxReportText(currency: report.currency)
    let items = years.map { year in
      let sales = year.sales.map { sale in
        JSONText.object([
          ("id", JSONText.string(sale.transactionID)),
          ("date", JSONText.string(TaxReportText.date(sale.day))),
          ("coin", JSONText.string(sale.coin)), ("wallet", JSONText.string(sale.wallet)),
          ("amount", DecimalInput.text(sale.amount)),
          ("provenance", ProvenanceText.json(sale.provenance)),
          (
            "lots",
            JSONText.array(
              sale.lots.map { lot in
                JSONText.object([
                  (
                    "acquired",
                    lot.acquiredDay.map { JSONText.string(TaxReportText.date($0)) } ?? "null"
                  ),
                  ("amount", DecimalInput.text(lot.amount)),
                  ("proceeds", figures.json(lot.proceeds)), ("cost", figures.json(lot.cost)),
                  ("gain", figures.json(lot.gain)), ("daysHeld", JSONText.number(lot.daysHeld)),
                  ("taxFree", lot.taxFree ? "true" : "false"),
                  ("provenance", ProvenanceText.json(lot.provenance)),
                ])
              })
          ),
        ])
      }
      let fields = sectionFields(year).map { field in
        JSONText.object([
          ("caption", JSONText.string(field.caption)), ("value", figures.json(field.value)),
        ])
      }
      return JSONText.object([
        ("year", String(year.year)), ("form", JSONText.string(year.form)),
        ("sales", JSONText.array(sales)), ("cryptoResult", figures.json(year.cryptoResult)),
        ("otherPrivateSales", figures.json(year.otherPrivateSales)),
        ("netResult", figures.json(year.netResult)),
        ("taxFreeResult", figures.json(year.taxFreeResult)),
        ("freigrenze", figures.json(year.freigrenze)),
        ("taxedInFull", year.taxedInFull ? "true" : "false"),
        ("lossCarriedBackIn", figures.json(year.lossCarriedBackIn)),
        ("lossesBroughtForwardUsed", figures.json(year.lossesBroughtForwardUsed)),
        ("lossCarriedBack", figures.json(year.lossCarriedBack)),
        ("lossesCarriedForward", figures.json(year.lossesCarriedForward)),
        ("taxableGain", figures.json(year.taxableGain)), ("fields", JSONText.array(fields)),
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

  /// One row per lot sold: `date,coin,wallet,amount,acquired,daysHeld,proceeds,cost,gain,
  /// taxFree,currency,id`.
  package static func csv(_ report: GermanTaxReport, years: [GermanTaxYear]) -> String {
    let figures = TaxReportText(currency: report.currency)
    var lines = ["date,coin,wallet,amount,acquired,daysHeld,proceeds,cost,gain,taxFree,currency,id"]
    for sale in years.flatMap(\.sales) {
      for lot in sale.lots {
        lines.append(
          [
            TaxReportText.date(sale.day), CSVField.report(sale.coin), CSVField.report(sale.wallet),
            DecimalInput.text(lot.amount),
            lot.acquiredDay.map { TaxReportText.date($0) } ?? "",
            lot.daysHeld.map(String.init) ?? "", figures.csv(lot.proceeds), figures.csv(lot.cost),
            figures.csv(lot.gain), lot.taxFree ? "true" : "false",
            CSVField.report(report.currency), CSVField.report(sale.transactionID),
          ].joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
