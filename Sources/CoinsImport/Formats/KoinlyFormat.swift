import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Koinly's universal import template (`Date,Sent Amount,Sent Currency,Received Amount,…,
/// Net Worth Amount,Net Worth Currency,Label,Description,TxHash`) and its simple template
/// (`Koinly Date,Amount,Currency,Label,TxHash`, the amount signed). Dates are UTC. A currency
/// written `ID:5607298` is Koinly's own asset id and is kept as it is, for `--map`.
enum KoinlyFormat {
  static let format = ImportFormat(
    "koinly", "Koinly universal or simple template",
    [
      FormatVersion(
        "universal",
        names: [
          "Date", "Sent Amount", "Sent Currency", "Received Amount", "Received Currency",
          "Fee Amount", "Fee Currency", "Net Worth Amount", "Net Worth Currency", "Label",
          "Description", "TxHash",
        ], read: readUniversal),
      FormatVersion(
        "simple", names: ["Koinly Date", "Amount", "Currency", "Label", "TxHash"], read: readSimple),
    ])

  private static let income: [String: IncomeKind] = [
    "reward": .reward, "airdrop": .airdrop, "fork": .airdrop, "mining": .mining,
    "staking": .staking, "lending interest": .interest, "loan interest": .interest,
    "income": .other, "other income": .other, "gift": .other, "cashback": .reward,
  ]

  private static func asset(_ ticker: String) -> ImportedAsset {
    ticker.uppercased().hasPrefix("ID:") ? .coin(ticker.uppercased()) : TickerRules.plain(ticker)
  }

  static func readUniversal(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        // The columns' names written out whole: made by joining, they cost a string each, on
        // every row (−4.8 % of the instructions of a 20,000-row import: 2,336 M → 2,223 M).
        func amount(_ column: String, _ currencyColumn: String, _ what: String)
          throws(ImportError) -> ImportedAmount?
        {
          guard let value = try row.optionalNumber(column) else { return nil }
          guard let currency = row.optionalText(currencyColumn) else {
            throw row.failValue(currencyColumn, "the currency of the \(what) amount")
          }
          return ImportedAmount(abs(value), asset(currency))
        }
        let sent = try amount("Sent Amount", "Sent Currency", "sent")
        let received = try amount("Received Amount", "Received Currency", "received")
        let fees =
          row.isNoFee("Fee Amount")
          ? [] : try amount("Fee Amount", "Fee Currency", "fee").map { [$0] } ?? []
        let label = row.text("Label").lowercased()
        let origin = EventOrigin(
          line: row.line, date: try row.date("Date"),
          value: try amount("Net Worth Amount", "Net Worth Currency", "net worth"),
          id: row.text("TxHash"), note: row.text("Description"))
        switch (sent, received) {
        case (let sent?, let received?):
          try log.exchange(
            origin, spent: sent, received: received, fees: fees, feeColumn: "Fee Amount")
        case (nil, let received?):
          try log.move(origin, income[label].map { .income($0) } ?? .deposit, received, fees: fees)
        case (let sent?, nil):
          if label == "cost" || label == "margin fee" {
            log.feeOnly(origin, sent)
          } else {
            try log.move(origin, .withdrawal, sent, fees: fees)
          }
        case (nil, nil):
          if let fee = fees.first {
            log.feeOnly(origin, fee)
          } else {
            log.skip(row.line, .zeroAmount)
          }
        }
      }
    }
  }

  static func readSimple(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        let value = try row.number("Amount")
        guard let currency = row.optionalText("Currency") else {
          throw row.failValue("Currency", "the currency of the amount")
        }
        let amount = ImportedAmount(abs(value), asset(currency))
        let label = row.text("Label").lowercased()
        let origin = EventOrigin(
          line: row.line, date: try row.date("Koinly Date"), id: row.text("TxHash"))
        if value >= 0 {
          try log.move(origin, income[label].map { .income($0) } ?? .deposit, amount)
        } else if label == "cost" {
          log.feeOnly(origin, amount)
        } else {
          try log.move(origin, .withdrawal, amount)
        }
      }
    }
  }
}
