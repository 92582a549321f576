import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bitstamp's transactions export: v1 (`Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type`,
/// figures with their ticker, `1.00000000 ETH`, dates `Jan. 28, 2022, 12:13 AM`) and v2 (the
/// currencies in their own columns, with IDs). UTC. A Market row is a buy or sale (Sub Type),
/// `Amount` the base, `Value` the quote, the fee on top.
enum BitstampFormat {
  static let format = ImportFormat(
    "bitstamp", "Bitstamp transactions",
    [
      FormatVersion(
        "v2",
        names: [
          "ID", "Account", "Type", "Subtype", "Datetime", "Amount", "Amount currency", "Value",
          "Value currency", "Rate", "Rate currency", "Fee", "Fee currency", "Order ID",
        ], read: read),
      FormatVersion(
        "v1",
        [
          .init("Type"), .init("Datetime"), .init("Account"), .init("Amount"), .init("Value"),
          .init("Rate"), .init("Fee"), .init("Sub Type", as: "Subtype"),
        ], read: read),
    ])

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      func amount(_ key: String) throws(ImportError) -> ImportedAmount? {
        guard row.optionalText(key) != nil else { return nil }
        if row.has(key + " currency") {
          guard let value = try row.optionalNumber(key) else { return nil }
          return ImportedAmount(abs(value), TickerRules.plain(row.text(key + " currency")))
        }
        let (value, ticker) = try row.numberWithTicker(key)
        return ImportedAmount(abs(value), TickerRules.plain(ticker))
      }
      func need(_ key: String) throws(ImportError) -> ImportedAmount {
        guard let value = try amount(key) else { throw row.failValue(key, "an amount") }
        return value
      }
      let type = row.text("Type")
      let fees = try amount("Fee").map { [$0] } ?? []
      let origin = EventOrigin(line: row.line, date: try row.date("Datetime"), id: row.text("ID"))
      switch type.lowercased() {
      case "market", "limit", "instant":
        let coins = try need("Amount")
        let money = try need("Value")
        switch row.text("Subtype").lowercased() {
        case "buy":
          try log.exchange(origin, spent: money, received: coins, fees: fees, feeColumn: "Fee")
        case "sell":
          try log.exchange(origin, spent: coins, received: money, fees: fees, feeColumn: "Fee")
        default: throw row.failValue("Subtype", "Buy or Sell")
        }
      case "deposit", "ripple deposit":
        try log.move(origin, .deposit, try need("Amount"), fees: fees)
      case "withdrawal", "ripple payment":
        try log.move(origin, .withdrawal, try need("Amount"), fees: fees)
      case "staking reward":
        try log.move(origin, .income(.staking), try need("Amount"), fees: fees)
      case "sub account transfer", "staking", "unstaking":
        log.skip(row.line, .internalMove)
      default:
        log.skip(row.line, .unknownType(type))
      }
    }
  }
}
