import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// OKX (OKEx until 2022): the 2020 spot trades (a byte-order mark before every cell, pairs
/// `ltc_usdt`, Amount signed +buy/−sell, Total and Fee with their units, the fee negative in
/// the asset received), the trading history of 2023 and 2025 (below a `UID:…,Time Zone:UTC+8`
/// line whose zone the times are in) and the funding bills.
enum OKXFormat {
  private static let history2025 = [
    "id", "Order id", "Time", "Trade Type", "Symbol", "Action", "Amount", "Trading Unit",
    "Filled Price", "PnL", "Fee", "Fee Unit", "Position Change", "Position Balance",
    "Balance Change", "Balance", "Balance Unit",
  ]

  static let format = ImportFormat(
    "okx", "OKX trades, trading history or funding bills",
    [
      FormatVersion(
        "trades (2020)",
        names: [
          "Order ID", "Trade ID", "Trade Time", "Pairs", "Amount", "Price", "Total",
          "taker/maker", "Fee", "unit",
        ], read: read2020),
      FormatVersion(
        "trading history (2023)",
        names: [
          "id", "Order id", "Time", "Trade Type", "Symbol", "Action", "Amount", "Trading Unit",
          "Filled Price", "Filled Price Unit", "PnL", "Fee", "Fee Unit", "Position Change",
          "Position Balance", "Position Unit", "Balance Change", "Balance", "Balance Unit",
        ], read: OKXHistory.read),
      FormatVersion("trading history (2025)", names: history2025, read: OKXHistory.read),
      FormatVersion(
        "funding bills",
        names: [
          "id", "Time", "Type", "Amount", "Before Balance", "After Balance", "Fee", "Symbol",
        ],
        read: OKXHistory.readBills),
      FormatVersion(
        "funding bills (2025)",
        names: ["id", "Time", "Type", "Amount", "Before Balance", "After Balance", "Symbol"],
        read: OKXHistory.readBills),
    ])

  static func read2020(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      guard let (base, quote) = TickerRules.split(pair: row.text("Pairs"), quotes: []) else {
        throw row.failValue("Pairs", "a pair such as ltc_usdt")
      }
      let signed = try row.number("Amount")
      let coins = ImportedAmount(abs(signed), TickerRules.plain(base))
      let money = try row.amount("Total", or: TickerRules.plain(quote))
      let buying = signed > 0
      let fees =
        try row.optionalAmount("Fee", or: buying ? coins.asset : money.asset).map { [$0] } ?? []
      let origin = EventOrigin(
        line: row.line, date: try row.date("Trade Time"), id: row.text("Trade ID"))
      try log.exchange(
        origin, spent: buying ? money : coins, received: buying ? coins : money, fees: fees,
        feeColumn: row.columnName("Fee"))
    }
  }
}
