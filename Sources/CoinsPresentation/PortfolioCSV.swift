import CoinsModel
import CoinsSupport

/// `coins portfolio value --csv`: a header row, then one row per holding in the report's
/// currency — money (value, cost, pnl, realizedPnl, fees) rounded to its minor unit and written
/// with that many digits (`6666.67`, as `gains --csv` writes it), prices, percentages and
/// amounts as they are; unknown values are empty fields.
package enum PortfolioCSV {
  /// The header row's fields.
  static let header = [
    "id", "symbol", "name", "amount", "price", "value", "allocation", "change24h", "cost", "pnl",
    "pnlPercent", "realizedPnl", "fees", "currency",
  ]

  /// The CSV text, one line per row, each ending in a newline.
  /// When some holding's coins are only partly costed, `costedAmount,uncostedAmount,costedValue`
  /// follow `currency`; when the rows are wallets' parts (`--wallet`, `--by-wallet`), a last
  /// `wallet` column names each one's.
  package static func render(_ snapshot: PortfolioSnapshot) -> String {
    let byWallet = snapshot.rows.contains { $0.wallet != nil }
    let partly = !snapshot.partlyCosted.isEmpty
    let costed = partly ? ["costedAmount", "uncostedAmount", "costedValue"] : []
    var lines = [(header + costed + (byWallet ? ["wallet"] : [])).joined(separator: ",")]
    let money = { (value: Double?) in
      MoneyFormat.decimal(value).map { MoneyRounding.fixedText($0, in: snapshot.market.currency) }
        ?? ""
    }
    for row in snapshot.rows {
      var fields = [
        CSVField.report(row.id), CSVField.report(row.symbol), CSVField.report(row.name),
        DecimalInput.text(row.amount), number(row.price), money(row.value),
        number(row.allocation), number(row.change24h), money(row.cost), money(row.pnl),
        number(row.pnlPercent), money(row.realizedPnl), money(row.fees),
        CSVField.report(snapshot.market.currency),
      ]
      if partly {
        fields += [
          DecimalInput.text(row.costedAmount), DecimalInput.text(row.uncostedAmount),
          money(row.costedValue),
        ]
      }
      if byWallet { fields.append(CSVField.report(row.wallet ?? "")) }
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func number(_ value: Double?) -> String {
    value.flatMap(JSONText.exact) ?? ""
  }
}
