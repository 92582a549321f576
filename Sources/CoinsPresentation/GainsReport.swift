import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio gains`: realized gains per sale and per year — date, coin, amount,
/// proceeds, cost basis, gain, the lots taken and their term — as a table, JSON or CSV
/// (``GainsReport/json(_:)``, ``GainsReport/csv(_:)``), money as ``GainsStatement`` rounds it.
package enum GainsReport {
  /// What `gains` prints when no sale matches: `No sales recorded in 2025.` for a year.
  package static func emptyMessage(year: Int?) -> String {
    "No sales recorded\(year.map { " in \($0)" } ?? "").\n"
  }

  /// A table of sales (with `lots`, each sale's lots beneath it), then one line per year and,
  /// for a method with lots, a line each for its short and long term totals.
  package static func text(
    _ statement: GainsStatement, lots: Bool, names: CoinNames = CoinNames(), width: Int
  ) -> String {
    let style = CurrencyStyle(code: statement.currency)
    let money = { (value: Decimal?) in MoneyFormat.text(value, currency: style) }
    let signed = { (value: Decimal?) in
      MoneyFormat.signed(value, currency: style, unknown: "unknown")
    }
    let hasLots = statement.method.hasLots
    var rows: [[String]] = []
    for sale in statement.sales {
      let count = sale.lots.count
      rows.append(
        [
          sale.sale.date.map(DateInput.dayText) ?? "—", names.symbol(of: sale.sale.coin),
          DecimalInput.text(sale.sale.amount), money(sale.proceeds), money(sale.costBasis),
          signed(sale.gain),
        ]
          + (hasLots
            ? [lots ? "\(count) \(count == 1 ? "lot" : "lots")" : String(count), term(of: sale)]
            : []) + [sale.sale.transactionID])
      guard lots else { continue }
      for lot in sale.lots {
        rows.append([
          lot.lot.acquired.map(DateInput.dayText) ?? "—", "", DecimalInput.text(lot.lot.amount),
          money(lot.proceeds), money(lot.costBasis), signed(lot.gain),
          lot.days.map { "\($0) \($0 == 1 ? "day" : "days")" } ?? "—",
          lot.term?.rawValue ?? "—", lot.lot.acquiredID,
        ])
      }
    }
    let headers =
      ["Date", "Coin", "Amount", "Proceeds", "Cost basis", "Gain"]
      + (hasLots ? [lots ? "Held" : "Lots", "Term"] : []) + ["ID"]
    let columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: rows.map { $0[index] },
        alignRight: index >= 2 && header != "Term", flexible: index == 1 ? 6...30 : nil)
    }
    var lines = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    for total in statement.years {
      let year = total.year == 0 ? "Undated" : String(total.year)
      lines.append(
        "\(year): proceeds \(money(total.proceeds)), cost basis \(money(total.costBasis)), "
          + "gain \(signed(total.gain)) (\(statement.method.name)).")
      if let short = total.shortTerm, let long = total.longTerm {
        func part(_ sums: GainsTotals) -> String {
          guard sums.count > 0 else { return "none" }
          return "proceeds \(money(sums.proceeds)), cost basis \(money(sums.costBasis)), "
            + "gain \(signed(sums.gain))"
        }
        lines.append("\(year) short term: \(part(short)).")
        lines.append("\(year) long term: \(part(long)).")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A sale's term: its lots' when they share one, `mixed` when they do not, else "—".
  static func term(of sale: SaleFigures) -> String {
    if let term = sale.term { return term.rawValue }
    return sale.lots.contains { $0.term == nil } || sale.lots.isEmpty ? "—" : "mixed"
  }
}
