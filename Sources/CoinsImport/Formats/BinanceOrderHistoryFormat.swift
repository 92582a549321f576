import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Binance's order history: an order row (`Date(UTC),Pair,Type,Order Price,Order Amount,
/// AvgTrading Price,Filled,Total,status`), then, one column in, a heading row
/// (`Date(UTC),Trading Price,Filled,Total,Fee`) and its fills. Each fill is a trade of the
/// order's pair and side, its fee with its ticker (`0.0161BNB`); the order row restates its
/// fills and is skipped, an order that filled nothing too.
enum BinanceOrderHistoryFormat {
  static let versions = [
    FormatVersion(
      "order history",
      names: [
        "Date(UTC)", "Pair", "Type", "Order Price", "Order Amount", "AvgTrading Price", "Filled",
        "Total", "status",
      ], read: read)
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var order: (base: String, quote: String, buying: Bool)?
    for row in table.rows {
      let cells = row.cells.map(\.trimmedCell)
      if let first = cells.first, !first.isEmpty {
        guard
          let (base, quote) = TickerRules.split(
            pair: row.text("Pair"), quotes: BinanceSpotFormat.quotes)
        else { throw row.failValue("Pair", "a pair such as BTCUSDT") }
        let side = row.text("Type").lowercased()
        guard side == "buy" || side == "sell" else { throw row.failValue("Type", "BUY or SELL") }
        order = (base, quote, side == "buy")
        let filled = try row.optionalNumber("Filled") ?? 0
        log.skip(row.line, filled == 0 ? .zeroAmount : .restated)
        continue
      }
      // A fill's heading repeats under every order: not a row of its own.
      if cells.count > 1, cells[1].caseInsensitiveEquals("Date(UTC)") { continue }
      guard let (base, quote, buying) = order, cells.count >= 6 else {
        throw row.fail("Date(UTC)", "a fill without the order row above it")
      }
      guard let date = ImportDate.read(cells[1])?.date(in: row.zone) else {
        throw ImportError(
          line: row.line, column: "Date(UTC)",
          reason: "'\(Sanitizer.printable(cells[1]))' is not a date and time such as "
            + "2020-03-19 17:02:52")
      }
      func figure(_ at: Int, _ ticker: String, _ name: String) throws(ImportError)
        -> ImportedAmount
      {
        guard let reading = ImportNumber.read(cells[at]),
          reading.unit.isEmpty || ImportNumber.isTicker(reading.unit)
        else {
          throw ImportError(
            line: row.line, column: name,
            reason: "'\(Sanitizer.printable(cells[at]))' is not a number")
        }
        return ImportedAmount(
          abs(reading.value), TickerRules.plain(reading.unit.isEmpty ? ticker : reading.unit))
      }
      let coins = try figure(3, base, "Filled")
      let money = try figure(4, quote, "Total")
      let fees = cells[5].isEmpty ? [] : [try figure(5, quote, "Fee")]
      let origin = EventOrigin(line: row.line, date: date)
      try log.exchange(
        origin, spent: buying ? money : coins, received: buying ? coins : money, fees: fees,
        feeColumn: "Fee")
    }
  }
}
