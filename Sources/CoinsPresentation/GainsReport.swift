import CoinsModel
import FoundationEssentials

/// `coins portfolio gains`: realized gains per sale and per year — date, coin, amount,
/// proceeds, cost basis, gain — as a table, JSON or CSV.
package enum GainsReport {
  /// What `gains` prints when no sale matches.
  package static let emptyMessage = "No sales recorded.\n"

  /// What prints when no sale falls in the year asked for: `No sales recorded in 2025.`
  package static func emptyMessage(year: Int?) -> String {
    year.map { "No sales recorded in \($0).\n" } ?? emptyMessage
  }

  /// A table of sales, then one line per year.
  package static func text(
    _ sales: [RealizedGain], currency: String, method: CostBasisMethod,
    names: CoinNames = CoinNames(), width: Int
  ) -> String {
    let style = CurrencyStyle(code: currency)
    let money = { (value: Decimal?) in
      value.map { NumberFormat.price($0.doubleValue, currency: style) } ?? "—"
    }
    let signed = { (value: Decimal?) in
      value.map { TransactionHistoryView.signed($0, style) } ?? "unknown"
    }
    let rows = sales.map { sale in
      [
        sale.date.map(DateInput.dayText) ?? "—", names.symbol(of: sale.coin),
        DecimalInput.text(sale.amount), money(sale.proceeds), money(sale.costBasis),
        signed(sale.gain), sale.transactionID,
      ]
    }
    let headers = ["Date", "Coin", "Amount", "Proceeds", "Cost basis", "Gain", "ID"]
    let columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: rows.map { $0[index] }, alignRight: index >= 2,
        flexible: index == 1 ? 6...30 : nil)
    }
    var lines = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    let name = method == .fifo ? "first in, first out" : "average cost"
    for total in GainsYear.totals(sales) {
      lines.append(
        "\(total.year == 0 ? "Undated" : String(total.year)): proceeds \(money(total.proceeds)), "
          + "cost basis \(money(total.costBasis)), gain \(signed(total.gain)) (\(name)).")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"currency","method","sales":[{"id","date","coin","amount","proceeds","costBasis","gain",
  /// "fee"}],"years":[{"year","proceeds","costBasis","gain"}]}`; figures are exact decimals.
  package static func json(_ sales: [RealizedGain], currency: String, method: CostBasisMethod)
    -> String
  {
    let number = { (value: Decimal?) in value.map(DecimalInput.text) ?? "null" }
    let items = sales.map { sale in
      JSONText.object([
        ("id", JSONText.string(sale.transactionID)),
        ("date", sale.date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"),
        ("coin", JSONText.string(sale.coin)), ("amount", DecimalInput.text(sale.amount)),
        ("proceeds", number(sale.proceeds)), ("costBasis", number(sale.costBasis)),
        ("gain", number(sale.gain)), ("fee", DecimalInput.text(sale.fee)),
      ])
    }
    let years = GainsYear.totals(sales).map { total in
      JSONText.object([
        ("year", String(total.year)), ("proceeds", number(total.proceeds)),
        ("costBasis", number(total.costBasis)), ("gain", number(total.gain)),
      ])
    }
    return JSONText.object([
      ("currency", JSONText.string(currency)), ("method", JSONText.string(method.rawValue)),
      ("sales", JSONText.array(items)), ("years", JSONText.array(years)),
    ])
  }

  /// `date,coin,amount,proceeds,costBasis,gain,currency,id`, one row per sale.
  package static func csv(_ sales: [RealizedGain], currency: String) -> String {
    var lines = ["date,coin,amount,proceeds,costBasis,gain,currency,id"]
    for sale in sales {
      lines.append(
        [
          sale.date.map(DateInput.dayText) ?? "", MarketCSV.field(sale.coin),
          DecimalInput.text(sale.amount), sale.proceeds.map(DecimalInput.text) ?? "",
          sale.costBasis.map(DecimalInput.text) ?? "", sale.gain.map(DecimalInput.text) ?? "",
          MarketCSV.field(currency), MarketCSV.field(sale.transactionID),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
