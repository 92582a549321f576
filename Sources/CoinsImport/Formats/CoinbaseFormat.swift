import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Coinbase's transaction report (retail): v4 (2024→, with IDs and currency signs inside the
/// figures, optionally sender and recipient addresses), v3 (2021–2024, both wordings of the
/// total and fee columns) and v1 (≤2020, the currency inside the column names). The report
/// starts with a preamble; the header is found below it.
enum CoinbaseFormat {
  private static let start = ["Timestamp", "Transaction Type", "Asset", "Quantity Transacted"]

  static let format = ImportFormat(
    "coinbase", "Coinbase transaction report",
    [
      FormatVersion(
        "v4",
        (["ID"] + start).map(HeaderColumn.init) + [
          .init("Price Currency", as: "Currency"), .init("Price at Transaction", as: "Price"),
          .init("Subtotal"), .init("Total (inclusive of fees and/or spread)", as: "Total"),
          .init("Fees and/or Spread", as: "Fees"), .init("Notes"),
        ], extra: ["Sender Address", "Recipient Address"], read: read),
      FormatVersion(
        "v3",
        start.map(HeaderColumn.init) + [
          .init("Spot Price Currency", as: "Currency"),
          .init("Spot Price at Transaction", as: "Price"), .init("Subtotal"),
          .init("Total (inclusive of fees and/or spread)", as: "Total"),
          .init("Fees and/or Spread", as: "Fees"), .init("Notes"),
        ], read: read),
      FormatVersion(
        "v3 (2021)",
        start.map(HeaderColumn.init) + [
          .init("Spot Price Currency", as: "Currency"),
          .init("Spot Price at Transaction", as: "Price"), .init("Subtotal"),
          .init("Total (inclusive of fees)", as: "Total"), .init("Fees"), .init("Notes"),
        ], read: read),
      FormatVersion(
        "v1",
        start.map(HeaderColumn.init) + [
          .init("", .currency, " Spot Price at Transaction", as: "Price"),
          .init("", .currency, " Subtotal", as: "Subtotal"),
          .init("", .currency, " Total (inclusive of fees)", as: "Total"),
          .init("", .currency, " Fees", as: "Fees"), .init("Notes"),
        ], read: read),
    ])

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    let captured = table.columns.captured[.currency]
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows { try read(row, captured: captured, &log) }
    }
  }

  private static func read(
    _ row: SourceRow, captured: String?, _ log: inout EventLog
  ) throws(ImportError) {
    let type = row.text("Transaction Type")
    let asset = TickerRules.coinbase(row.text("Asset"))
    let currency = TickerRules.plain(captured ?? row.text("Currency"))
    func money(_ key: String) throws(ImportError) -> ImportedAmount? {
      try row.optionalNumber(key).map { ImportedAmount(abs($0), currency) }
    }
    let fees = try money("Fees").map { [$0] } ?? []
    let origin = EventOrigin(
      line: row.line, date: try row.date("Timestamp"), value: try money("Subtotal"),
      id: row.text("ID"), note: row.text("Notes"))
    func quantity() throws(ImportError) -> ImportedAmount {
      ImportedAmount(abs(try row.number("Quantity Transacted")), asset)
    }
    switch type.lowercased() {
    case "buy", "sell", "advanced trade buy", "advance trade buy", "advanced trade sell",
      "advance trade sell":
      let buying = type.lowercased().hasSuffix("buy")
      let coins = try quantity()
      var other = origin.value
      if type.contains(" "), let trade = CoinbaseNotes.advancedTrade(origin.note ?? "") {
        other = trade.quote
        if let base = trade.base, base.amount != coins.amount {
          log.warnings.append(
            ImportWarning(
              line: row.line, column: row.columnName("Quantity Transacted"),
              message: "\(coins) disagrees with Notes' \(base); the quantity is used, the "
                + "money is Notes' \(trade.quote)"))
        }
      }
      try log.exchange(
        origin, coins: coins, buying: buying, for: other, fees: fees,
        feeColumn: row.columnName("Fees"))
    case "convert":
      guard let (spent, received) = CoinbaseNotes.conversion(origin.note ?? "") else {
        throw row.failValue("Notes", "'Converted <amount> <asset> to <amount> <asset>'")
      }
      var origin = origin
      var fees = fees
      // Subtotal and Total are the two sides' values, the spread between them: Total above
      // Subtotal when the fee is on top, below it when the fee is inside the Subtotal (and
      // Fees may be blank). What was received is worth the lower, and costs the higher: the
      // value given up, never that plus Fees again.
      if let subtotal = try money("Subtotal"), let total = try money("Total") {
        let given = max(subtotal.amount, total.amount)
        let got = min(subtotal.amount, total.amount)
        origin.value = ImportedAmount(got, subtotal.asset)
        fees = given > got ? [ImportedAmount(given - got, subtotal.asset)] : []
      }
      try log.exchange(origin, spent: spent, received: received, fees: fees)
    case "send", "exchange deposit", "pro deposit":
      try log.move(origin, .withdrawal, try quantity(), fees: fees)
    case "receive", "exchange withdrawal", "pro withdrawal":
      try log.move(origin, .deposit, try quantity(), fees: fees)
    case "deposit":
      try log.move(origin, .deposit, try quantity(), fees: fees)
    case "withdrawal":
      try log.move(origin, .withdrawal, try quantity(), fees: fees)
    case "staking income", "inflation reward":
      try log.move(origin, .income(.staking), try quantity(), fees: fees)
    case "rewards income", "reward income":
      try log.move(origin, .income(.reward), try quantity(), fees: fees)
    case "learning reward", "coinbase earn":
      try log.move(origin, .income(.learning), try quantity(), fees: fees)
    case "retail staking transfer", "retail unstaking transfer", "retail eth2 deprecation":
      log.skip(row.line, .internalMove)
    default:
      log.skip(row.line, .unknownType(type))
    }
  }
}
