import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio income`: the transfers in marked as income at their value when received,
/// and each year's totals per coin — as a table, JSON or CSV.
package enum IncomeReport {
  /// What `income` prints when nothing matches: `No income recorded in 2025.` for a year.
  package static func emptyMessage(year: Int?) -> String {
    "No income recorded\(year.map { " in \($0)" } ?? "").\n"
  }

  /// A table of receipts, then per year one line per coin and the year's total.
  package static func text(
    _ statement: IncomeStatement, names: CoinNames = CoinNames(), width: Int
  ) -> String {
    let style = CurrencyStyle(code: statement.currency)
    let money = { (value: Decimal?) in MoneyFormat.text(value, currency: style) }
    let rows = statement.receipts.map { receipt -> [String] in
      let transaction = receipt.transaction
      return [
        transaction.date.map(DateInput.dayText) ?? "—", names.symbol(of: receipt.coin),
        DecimalInput.text(transaction.amount),
        transaction.price.map {
          NumberFormat.price(
            $0.doubleValue, currency: CurrencyStyle(code: transaction.priceCurrency))
        } ?? "—",
        money(receipt.value), transaction.id, Sanitizer.printable(transaction.note ?? ""),
      ]
    }
    let headers = ["Date", "Coin", "Amount", "Price", "Value", "ID", "Note"]
    let columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: rows.map { $0[index] }, alignRight: (2...5).contains(index),
        flexible: index == 6 ? 4...40 : nil, dropOrder: [6: 1, 3: 2, 5: 3, 0: 4][index],
        identifying: index == 1, wrapsUnderRow: index == 6)
    }
    var lines = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    for total in statement.years {
      let year = total.year == 0 ? "Undated" : String(total.year)
      for coin in total.coins {
        lines.append(
          "\(year) \(names.symbol(of: coin.coin)): \(DecimalInput.text(coin.amount)) "
            + "received, worth \(money(coin.value)).")
      }
      lines.append("\(year): income \(money(total.value)).")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"currency","convertedAtTodaysRate","income":[{"id","date","coin","amount","price",
  /// "priceCurrency","value","note","provenance"}],"years":[{"year","value","coins":[{"coin",
  /// "amount","value"}]}]}`: values rounded to the currency's minor unit, amounts and prices
  /// exact; `provenance` is how the price was had and converted (``ProvenanceText/json(_:)``).
  package static func json(_ statement: IncomeStatement) -> String {
    let number = { (value: Decimal?) in value.map(DecimalInput.text) ?? "null" }
    let items = statement.receipts.map { receipt in
      let transaction = receipt.transaction
      return JSONText.object([
        ("id", JSONText.string(transaction.id)),
        ("date", transaction.date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"),
        ("coin", JSONText.string(receipt.coin)),
        ("amount", DecimalInput.text(transaction.amount)), ("price", number(transaction.price)),
        ("priceCurrency", JSONText.string(transaction.priceCurrency)),
        ("value", number(receipt.value)), ("note", transaction.note.map(JSONText.string) ?? "null"),
        ("provenance", ProvenanceText.json(receipt.provenance)),
      ])
    }
    let years = statement.years.map { total in
      JSONText.object([
        ("year", String(total.year)), ("value", number(total.value)),
        (
          "coins",
          JSONText.array(
            total.coins.map {
              JSONText.object([
                ("coin", JSONText.string($0.coin)), ("amount", DecimalInput.text($0.amount)),
                ("value", number($0.value)),
              ])
            })
        ),
      ])
    }
    return JSONText.object([
      ("currency", JSONText.string(statement.currency)),
      ("convertedAtTodaysRate", statement.convertedAtTodaysRate ? "true" : "false"),
      ("income", JSONText.array(items)),
      ("years", JSONText.array(years)),
    ])
  }

  /// `date,coin,amount,price,priceCurrency,value,currency,id,note,provenance`, one row per
  /// receipt; the value with the currency's minor-unit digits, unknown figures empty;
  /// `provenance` as ``FigureProvenance/text`` writes it.
  package static func csv(_ statement: IncomeStatement) -> String {
    var lines = ["date,coin,amount,price,priceCurrency,value,currency,id,note,provenance"]
    for receipt in statement.receipts {
      let transaction = receipt.transaction
      lines.append(
        [
          transaction.date.map(DateInput.dayText) ?? "", CSVField.report(receipt.coin),
          DecimalInput.text(transaction.amount), transaction.price.map(DecimalInput.text) ?? "",
          CSVField.report(transaction.priceCurrency),
          receipt.value.map { MoneyRounding.fixedText($0, in: statement.currency) } ?? "",
          CSVField.report(statement.currency), CSVField.report(transaction.id),
          CSVField.report(transaction.note ?? ""), ProvenanceText.csv(receipt.provenance),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
