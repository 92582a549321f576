import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GainsReport {
  /// `{"currency","method","longTermAfter","convertedAtTodaysRate","sales":[{"id","date","coin",
  /// "amount","proceeds","costBasis","gain","fee","provenance","lots":[{"acquired","acquiredId",
  /// "amount","costBasis","proceeds","gain","days","term","provenance"}]}],"years":[{"year",
  /// "proceeds","costBasis","gain","shortTerm":{"proceeds","costBasis","gain"},"longTerm":{…}}]}`:
  /// money rounded (``GainsStatement``), amounts exact; `longTermAfter` is the days of
  /// `--long-term-after` (`null`: the anniversary rule); by average cost `lots` is empty and the
  /// terms `null`. A sale's `provenance` is its price's (its proceeds), a lot's its
  /// acquisition's (its cost) (``ProvenanceText/json(_:)``).
  package static func json(_ statement: GainsStatement) -> String {
    let number = { (value: Decimal?) in value.map(DecimalInput.text) ?? "null" }
    let date = { (value: Date?) in
      value.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
    }
    let items = statement.sales.map { sale in
      let lots = sale.lots.map { lot in
        JSONText.object([
          ("acquired", date(lot.lot.acquired)), ("acquiredId", JSONText.string(lot.lot.acquiredID)),
          ("amount", DecimalInput.text(lot.lot.amount)),
          ("costBasis", number(lot.costBasis)), ("proceeds", number(lot.proceeds)),
          ("gain", number(lot.gain)), ("days", JSONText.number(lot.days)),
          ("term", lot.term.map { JSONText.string($0.rawValue) } ?? "null"),
          ("provenance", ProvenanceText.json(lot.lot.provenance)),
        ])
      }
      return JSONText.object([
        ("id", JSONText.string(sale.sale.transactionID)), ("date", date(sale.sale.date)),
        ("coin", JSONText.string(sale.sale.coin)), ("amount", DecimalInput.text(sale.sale.amount)),
        ("proceeds", number(sale.proceeds)), ("costBasis", number(sale.costBasis)),
        ("gain", number(sale.gain)), ("fee", DecimalInput.text(sale.fee)),
        ("provenance", ProvenanceText.json(sale.sale.provenance)), ("lots", JSONText.array(lots)),
      ])
    }
    let totals = { (sums: GainsTotals?) in
      sums.map {
        JSONText.object([
          ("proceeds", number($0.proceeds)), ("costBasis", number($0.costBasis)),
          ("gain", number($0.gain)),
        ])
      } ?? "null"
    }
    let years = statement.years.map { total in
      JSONText.object([
        ("year", String(total.year)), ("proceeds", number(total.proceeds)),
        ("costBasis", number(total.costBasis)), ("gain", number(total.gain)),
        ("shortTerm", totals(total.shortTerm)), ("longTerm", totals(total.longTerm)),
      ])
    }
    var longTermAfter = "null"
    if case .afterDays(let days) = statement.rule { longTermAfter = String(days) }
    return JSONText.object([
      ("currency", JSONText.string(statement.currency)),
      ("method", JSONText.string(statement.method.rawValue)), ("longTermAfter", longTermAfter),
      ("convertedAtTodaysRate", statement.convertedAtTodaysRate ? "true" : "false"),
      ("sales", JSONText.array(items)), ("years", JSONText.array(years)),
    ])
  }

  /// `date,coin,amount,proceeds,costBasis,gain,currency,id,provenance`, one row per sale; money
  /// with the currency's minor-unit digits (`7098.50`), unknown figures empty; `provenance` is
  /// the sale price's (``FigureProvenance/text``).
  package static func csv(_ statement: GainsStatement) -> String {
    let currency = statement.currency
    var lines = ["date,coin,amount,proceeds,costBasis,gain,currency,id,provenance"]
    for sale in statement.sales {
      lines.append(
        [
          sale.sale.date.map(DateInput.dayText) ?? "", CSVField.report(sale.sale.coin),
          DecimalInput.text(sale.sale.amount), money(sale.proceeds, currency),
          money(sale.costBasis, currency), money(sale.gain, currency), CSVField.report(currency),
          CSVField.report(sale.sale.transactionID), ProvenanceText.csv(sale.sale.provenance),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One row per lot in the columns of the US Form 8949 —
  /// `description,dateAcquired,dateSold,proceeds,costBasis,gain,term` (description such as
  /// `0.5 BTC`, dates `YYYY-MM-DD` UTC, term `short` or `long`) — then `currency,id` (the
  /// sale's), `acquiredId` (the lot's buy or transfer in), and `proceedsProvenance` and
  /// `costProvenance` (the sale's price's and the acquisition's, ``FigureProvenance/text``).
  /// `names` gives each coin's symbol (else its id is written).
  package static func lotsCSV(_ statement: GainsStatement, names: CoinNames) -> String {
    let currency = statement.currency
    var lines = [
      "description,dateAcquired,dateSold,proceeds,costBasis,gain,term,currency,id,acquiredId,"
        + "proceedsProvenance,costProvenance"
    ]
    for sale in statement.sales {
      let name = names.symbol(of: sale.sale.coin)
      for lot in sale.lots {
        lines.append(
          [
            CSVField.report("\(DecimalInput.text(lot.lot.amount)) \(name)"),
            lot.lot.acquired.map(DateInput.dayText) ?? "",
            sale.sale.date.map(DateInput.dayText) ?? "", money(lot.proceeds, currency),
            money(lot.costBasis, currency), money(lot.gain, currency), lot.term?.rawValue ?? "",
            CSVField.report(currency), CSVField.report(sale.sale.transactionID),
            CSVField.report(lot.lot.acquiredID), ProvenanceText.csv(sale.sale.provenance),
            ProvenanceText.csv(lot.lot.provenance),
          ].joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A rounded figure with its minor-unit digits; empty when unknown.
  private static func money(_ value: Decimal?, _ currency: String) -> String {
    value.map { MoneyRounding.fixedText($0, in: currency) } ?? ""
  }
}
