import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio income --rules uk|de`: income received (staking, lending, airdrops) at its
/// value on the local day it came, per tax year of the rules; under `de` the year's § 22 Nr. 3
/// income against its Freigrenze (taxed in full from €256, else not at all) and its Anlage SO
/// field. Each receipt rounded to the minor unit once; a year's total is the sum of its rows.
package struct TaxIncomeReport: Sendable {
  /// One receipt.
  package struct Receipt: Sendable {
    let event: TaxEvent
    let value: Decimal?
  }

  /// One tax year's receipts and total.
  package struct Year: Sendable {
    /// The tax year (the calendar year it begins in).
    package let year: Int
    /// `2024/25` under uk, `2024` under de.
    package let label: String
    let receipts: [Receipt]
    /// The sum of the rounded receipts (unknown counted as 0).
    package let total: Decimal
  }

  /// The rules applied.
  package let rules: TaxRules
  /// The years with income, oldest first.
  package let years: [Year]
  /// Currencies no rate was known for.
  package let missingRates: Set<String>

  /// The income of `holdings` by `rules` (in their currency, on their days, by their tax
  /// year), converting with `rates`; only tax year `year` when given.
  package init(holdings: [Holding], rules: TaxRules, rates: CurrencyRates, year: Int?) {
    var missing = Set<String>()
    var byYear: [Int: [Receipt]] = [:]
    let digits = MinorUnit.digits(of: rules.currency)
    for holding in holdings {
      let events = TaxEvent.events(
        of: holding, in: rules.currency, rates: rates, zone: rules.zone, missing: &missing)
      for event in events where event.isIncome && event.kind == .acquisition {
        let taxYear = rules.taxYear.year(ofDay: event.day)
        guard year == nil || taxYear == year else { continue }
        let value = event.value.map { MoneyRounding.rounded($0.decimal, digits: digits) }
        byYear[taxYear, default: []].append(Receipt(event: event, value: value))
      }
    }
    self.rules = rules
    self.missingRates = missing
    years = byYear.keys.sorted().map { year in
      let receipts = (byYear[year] ?? []).sorted {
        ($0.event.day, $0.event.coin) < ($1.event.day, $1.event.coin)
      }
      let total = receipts.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1.value ?? 0) }
      return Year(
        year: year, label: rules.taxYear.label(year), receipts: receipts, total: total.decimal)
    }
  }

  private var isGerman: Bool { rules.form == .anlageSO }

  /// The report's text: the title line naming the rules, each year's receipts and total.
  package func text(names: CoinNames, emptyYear: Int?) -> String {
    let figures = TaxReportText(currency: rules.currency)
    var lines = [TaxReportText.title("Income", rules: rules, currency: rules.currency)]
    if years.isEmpty {
      let label = emptyYear.map { " in \(isGerman ? "" : "tax year ")\(rules.taxYear.label($0))" }
      lines.append("No income recorded\(label ?? "").")
    }
    for year in years {
      lines.append("")
      lines.append(isGerman ? "\(year.year) (Anlage SO \(year.year))" : "Tax year \(year.label)")
      for receipt in year.receipts {
        lines.append(
          "\(TaxReportText.date(receipt.event.day))  \(names.symbol(of: receipt.event.coin))  "
            + "\(DecimalInput.text(receipt.event.amount.decimal)) worth "
            + "\(figures.money(receipt.value)) (transaction \(receipt.event.transactionID))")
      }
      if isGerman {
        let taxed = year.total >= GermanTaxYear.incomeFreigrenze
        lines.append(
          "§ 22 Nr. 3 income \(figures.money(year.total)); Freigrenze "
            + "\(figures.money(GermanTaxYear.incomeFreigrenze)): "
            + (taxed
              ? "not less than it, so it is taxed in full."
              : "less than it, so none of it is taxed."))
        lines.append("Anlage SO \(year.year):")
        lines.append("  Leistungen (§ 22 Nr. 3 EStG): Einnahmen: \(figures.money(year.total))")
      } else {
        lines.append("Income in tax year \(year.label): \(figures.money(year.total)).")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"rules","title","currency","zone","years":[{"year","label","income","taxed",
  /// "receipts":[{"id","date","coin","amount","value"}]}]}`; `taxed` (under de: not less than
  /// the €256 Freigrenze) is `null` under uk.
  package func json() -> String {
    let figures = TaxReportText(currency: rules.currency)
    let items = years.map { year in
      JSONText.object([
        ("year", String(year.year)), ("label", JSONText.string(year.label)),
        ("income", figures.json(year.total)),
        (
          "taxed",
          isGerman ? (year.total >= GermanTaxYear.incomeFreigrenze ? "true" : "false") : "null"
        ),
        (
          "receipts",
          JSONText.array(
            year.receipts.map { receipt in
              JSONText.object([
                ("id", JSONText.string(receipt.event.transactionID)),
                ("date", JSONText.string(TaxReportText.date(receipt.event.day))),
                ("coin", JSONText.string(receipt.event.coin)),
                ("amount", DecimalInput.text(receipt.event.amount.decimal)),
                ("value", figures.json(receipt.value)),
              ])
            })
        ),
      ])
    }
    return JSONText.object([
      ("rules", JSONText.string(rules.name)), ("title", JSONText.string(rules.title)),
      ("currency", JSONText.string(rules.currency)), ("zone", JSONText.string(rules.zone.name)),
      ("years", JSONText.array(items)),
    ])
  }

  /// One row per receipt: `date,taxYear,coin,amount,value,currency,id`.
  package func csv() -> String {
    let figures = TaxReportText(currency: rules.currency)
    var lines = ["date,taxYear,coin,amount,value,currency,id"]
    for year in years {
      for receipt in year.receipts {
        lines.append(
          [
            TaxReportText.date(receipt.event.day), year.label,
            CSVField.report(receipt.event.coin), DecimalInput.text(receipt.event.amount.decimal),
            figures.csv(receipt.value), CSVField.report(rules.currency),
            CSVField.report(receipt.event.transactionID),
          ].joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
