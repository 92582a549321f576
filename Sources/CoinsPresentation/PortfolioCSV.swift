import CoinsModel

/// `coins portfolio value --csv`: a header row, then one row per holding with its exact
/// figures in the report's currency; unknown values are empty fields.
package enum PortfolioCSV {
  /// The header row's fields.
  static let header = [
    "id", "symbol", "name", "amount", "price", "value", "allocation", "change24h", "cost", "pnl",
    "pnlPercent", "realizedPnl", "fees", "currency",
  ]

  /// The CSV text, one line per row, each ending in a newline.
  package static func render(_ snapshot: PortfolioSnapshot) -> String {
    var lines = [header.joined(separator: ",")]
    for row in snapshot.rows {
      let fields = [
        MarketCSV.field(row.id), MarketCSV.field(row.symbol), MarketCSV.field(row.name),
        DecimalInput.text(row.amount), number(row.price), number(row.value),
        number(row.allocation), number(row.change24h), number(row.cost), number(row.pnl),
        number(row.pnlPercent), number(row.realizedPnl), number(row.fees),
        MarketCSV.field(snapshot.market.currency),
      ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func number(_ value: Double?) -> String {
    value.flatMap(JSONText.exact) ?? ""
  }
}
