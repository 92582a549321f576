import CoinsModel
import CoinsSupport

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
    String(decoding: utf8(statement, lots: lots, names: names, width: width), as: UTF8.self)
  }

  /// ``text(_:lots:names:width:)`` as UTF-8, as it is made (a large history's is megabytes).
  package static func utf8(
    _ statement: GainsStatement, lots: Bool, names: CoinNames = CoinNames(), width: Int
  ) -> [UInt8] {
    let style = CurrencyStyle(code: statement.currency)
    let money: @Sendable (Decimal?) -> String = { MoneyFormat.text($0, currency: style) }
    let signed: @Sendable (Decimal?) -> String = {
      MoneyFormat.signed($0, currency: style, unknown: "unknown")
    }
    let hasLots = statement.method.hasLots
    let lotCount =
      lots ? statement.sales.indices.reduce(0) { $0 + statement.sales[$1].lots.count } : 0
    // The cells, one per sale and per lot shown (a large history has tens of thousands of
    // sales), made and measured for runs of sales on every core.
    let sales = statement.sales
    let names = names.among(soldCoins(sales))
    let parts = Parallel.runs(of: sales.count, threshold: 10_000) { run in
      Self.cells(
        of: sales[run], columns: hasLots ? 9 : 7, lots: lots, names: names, money: money,
        signed: signed)
    }
    let headers =
      ["Date", "Coin", "Amount", "Proceeds", "Cost basis", "Gain"]
      + (hasLots ? [lots ? "Held" : "Lots", "Term"] : []) + ["ID"]
    // Room runs out: "Cost basis" becomes "Cost", then the lots, the ID, the term, the date and
    // the proceeds give way; the coin is never cut (docs/portfolio.md).
    let dropOrders = ["Held": 0, "Lots": 0, "ID": 1, "Term": 2, "Date": 3, "Proceeds": 4]
    let columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: [], alignRight: index >= 2 && header != "Term",
        dropOrder: dropOrders[header], identifying: index == 1,
        shortHeader: header == "Cost basis" ? "Cost" : nil)
    }
    // The table's bytes, then the years' lines.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      (statement.sales.count + lotCount + 1) * (width + 1) + 256 * statement.years.count)
    TableLayout.write(
      columns, parts: parts, width: width, style: TextStyle(enabled: false), into: &bytes)
    var text = ""
    for total in statement.years {
      let year = total.year == 0 ? "Undated" : String(total.year)
      text +=
        "\(year): proceeds \(money(total.proceeds)), cost basis \(money(total.costBasis)), "
        + "gain \(signed(total.gain)) (\(statement.method.name)).\n"
      if let short = total.shortTerm, let long = total.longTerm {
        func part(_ sums: GainsTotals) -> String {
          guard sums.count > 0 else { return "none" }
          return "proceeds \(money(sums.proceeds)), cost basis \(money(sums.costBasis)), "
            + "gain \(signed(sums.gain))"
        }
        text += "\(year) short term: \(part(short)).\n"
        text += "\(year) long term: \(part(long)).\n"
      }
    }
    bytes.append(contentsOf: text.utf8)
    return bytes
  }

  /// The coins `sales` sold (``GainsStatement/soldCoins``), found in runs on every core for
  /// many sales: each sale's coin hashed, tens of thousands of times, was a phase of its own on
  /// one core.
  private static func soldCoins(_ sales: [SaleFigures]) -> Set<String> {
    let parts = Parallel.runs(of: sales.count, threshold: 10_000) { run in
      var coins = Set<String>()
      for index in run { coins.insert(sales[index].sale.coin) }
      return coins
    }
    return parts.reduce(into: Set<String>()) { $0.formUnion($1) }
  }

  /// The cells of `sales` (and with `lots` of their lots), column by column, measured.
  private static func cells(
    of sales: ArraySlice<SaleFigures>, columns: Int, lots: Bool, names: CoinNames,
    money: (Decimal?) -> String, signed: (Decimal?) -> String
  ) -> TableLayout.Part {
    var cells = TableLayout.Part(columns: columns)
    var column = 0
    func cell(_ text: String) {
      if column < columns { cells.append(text, to: column) }
      column += 1
    }
    var symbols: [String: String] = [:]
    // Read field by field, in place: a sale or lot passed whole is copied (its lots and strings
    // retained), as the compiler cannot tell that the cells being added do not change it.
    for index in sales.indices {
      let coin = sales[index].sale.coin
      let symbol = symbols[coin] ?? names.symbol(of: coin)
      if symbols[coin] == nil { symbols[coin] = symbol }
      column = 0
      cell(sales[index].sale.date.map(DateInput.dayText) ?? "—")
      cell(symbol)
      cell(DecimalInput.text(sales[index].sale.amount))
      cell(money(sales[index].proceeds))
      cell(money(sales[index].costBasis))
      cell(signed(sales[index].gain))
      if columns == 9 {
        let count = sales[index].lots.count
        cell(lots ? "\(count) \(count == 1 ? "lot" : "lots")" : String(count))
        cell(term(of: sales[index].lots))
      }
      cell(sales[index].sale.transactionID)
      guard lots else { continue }
      let sold = sales[index].lots
      for lot in sold.indices {
        column = 0
        cell(sold[lot].lot.acquired.map(DateInput.dayText) ?? "—")
        cell("")
        cell(DecimalInput.text(sold[lot].lot.amount))
        cell(money(sold[lot].proceeds))
        cell(money(sold[lot].costBasis))
        cell(signed(sold[lot].gain))
        cell(sold[lot].days.map { "\($0) \($0 == 1 ? "day" : "days")" } ?? "—")
        cell(sold[lot].term?.rawValue ?? "—")
        cell(sold[lot].lot.acquiredID)
      }
    }
    return cells
  }

  /// The term of a sale of `lots`: theirs when they share one, `mixed` when they do not, else
  /// "—" (as ``SaleFigures/term`` has it).
  static func term(of lots: [LotFigures]) -> String {
    guard let first = lots.first?.term else { return "—" }
    if lots.allSatisfy({ $0.term == first }) { return first.rawValue }
    return lots.contains { $0.term == nil } ? "—" : "mixed"
  }
}
