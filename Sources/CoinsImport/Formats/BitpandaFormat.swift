import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bitpanda's transaction history, below its preamble (a disclaimer, the account's name and
/// opening date, the venue): one row a transaction, times with their offset
/// (`2020-09-04T09:15:33+02:00`), `-` for what does not apply. Only cryptocurrencies are
/// coins: metals, stocks and ETFs are skipped by their asset class.
enum BitpandaFormat {
  private static let columns = [
    "Transaction ID", "Timestamp", "Transaction Type", "In/Out", "Amount Fiat", "Fiat",
    "Amount Asset", "Asset", "Asset market price", "Asset market price currency", "Asset class",
    "Product ID", "Fee", "Fee asset", "Spread", "Spread Currency",
  ]

  static let format = ImportFormat(
    "bitpanda", "Bitpanda transaction history",
    [
      FormatVersion("v2", names: columns, extra: ["Tax Fiat"], read: read),
      FormatVersion(
        "v2 (fee percent)",
        names: Array(columns[..<14]) + ["Fee percent", "Spread", "Spread Currency"],
        extra: ["Tax Fiat"], read: read),
    ])

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        let type = row.text("Transaction Type").lowercased()
        let assetClass = row.text("Asset class")
        let fiat = ImportedAmount(
          abs(try row.optionalNumber("Amount Fiat") ?? 0), TickerRules.plain(row.text("Fiat")))
        let origin = EventOrigin(
          line: row.line, date: try row.date("Timestamp"), value: fiat.amount > 0 ? fiat : nil,
          id: row.text("Transaction ID"))
        if assetClass.caseInsensitiveEquals("fiat") {
          log.skip(row.line, .money)
          continue
        }
        guard assetClass.lowercased().hasPrefix("crypto") else {
          log.skip(row.line, .unknownType(assetClass))
          continue
        }
        let coins = ImportedAmount(
          abs(try row.number("Amount Asset")), TickerRules.plain(row.text("Asset")))
        let fees =
          try row.optionalNumber("Fee").map {
            [ImportedAmount(abs($0), TickerRules.plain(row.text("Fee asset")))]
          } ?? []
        switch type {
        case "buy":
          try log.exchange(origin, spent: fiat, received: coins, fees: fees)
        case "sell":
          try log.exchange(origin, spent: coins, received: fiat, fees: fees)
        case "deposit":
          try log.move(
            EventOrigin(line: row.line, date: origin.date, id: origin.id), .deposit, coins,
            fees: fees
          )
        case "withdrawal":
          try log.move(
            EventOrigin(line: row.line, date: origin.date, id: origin.id), .withdrawal, coins,
            fees: fees)
        case "reward", "staking":
          try log.move(origin, .income(.reward), coins, fees: fees)
        default:
          log.skip(row.line, .unknownType(row.text("Transaction Type")))
        }
      }
    }
  }
}
