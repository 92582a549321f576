import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// OKX's trading history and funding bills: each row one currency's change, with the balance
/// after it. A spot fill is the rows sharing an order id and time, one per currency: the
/// currency is `Balance Unit` and its change `Balance Change` (what the balance moved by, the
/// fee taken); `Amount` and `Trading Unit` are not reliable for the quote side.
enum OKXHistory {
  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    log.newestFirst = true
    var fills: [String: [SourceRow]] = [:]
    var pending: [(key: String?, row: SourceRow)] = []
    for row in table.rows {
      let unit = TickerRules.plain(row.text("Balance Unit"))
      if let balance = row.statedNumber("Balance") {
        log.state(unit, wallet: "Trading", balance, line: row.line, date: try row.date("Time"))
      }
      if row.text("Trade Type").caseInsensitiveEquals("spot") {
        let key = row.text("Order id") + " " + row.text("Time")
        if fills[key] == nil { pending.append((key, row)) }
        fills[key, default: []].append(row)
      } else {
        pending.append((nil, row))
      }
    }
    // The fills, each standing alone once gathered, read in parts on every core.
    let gathered = fills
    try table.readInParts(pending, into: &log) { pending, log throws(ImportError) in
      for (key, row) in pending {
        if let key {
          try readFill(gathered[key] ?? [], &log)
        } else if row.text("Trade Type").lowercased().hasPrefix("transfer") {
          log.skip(row.line, .internalMove)
        } else {
          log.skip(row.line, .unknownType(row.text("Trade Type")))
        }
      }
    }
  }

  private static func readFill(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var spent: ImportedAmount?
    var received: ImportedAmount?
    var fees: [ImportedAmount] = []
    for row in rows {
      let asset = TickerRules.plain(row.text("Balance Unit"))
      let change = try row.number("Balance Change")
      var fee: Decimal = 0
      if let paid = try row.optionalNumber("Fee"), paid != 0 {
        let feeAsset = row.optionalText("Fee Unit").map(TickerRules.plain) ?? asset
        fees.append(ImportedAmount(abs(paid), feeAsset))
        if feeAsset == asset { fee = abs(paid) }
      }
      // The change is net of a fee in its own currency: the fee is put back before the shared
      // rules take it again (more received before it, less spent without it).
      if change < 0, spent == nil {
        spent = ImportedAmount(-change - fee, asset)
      } else if change > 0, received == nil {
        received = ImportedAmount(change + fee, asset)
      } else if change != 0 {
        throw row.fail("Balance Change", "a third currency in order \(first.text("Order id"))")
      }
    }
    guard let spent, let received else {
      throw first.fail(
        "Balance Change", "order \(first.text("Order id")) needs a currency out and one in")
    }
    let origin = EventOrigin(
      lines: rows.map(\.line), date: try first.date("Time"), id: first.text("Order id"))
    try log.exchange(
      origin, spent: spent, received: received, fees: fees, feeColumn: first.columnName("Fee"))
  }

  /// The funding account: deposits and withdrawals, transfers to the trading account internal.
  static func readBills(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    log.newestFirst = true
    for row in table.rows {
      let asset = TickerRules.plain(row.text("Symbol"))
      let date = try row.date("Time")
      if let balance = row.statedNumber("After Balance") {
        log.state(asset, wallet: "Funding", balance, line: row.line, date: date)
      }
      let amount = ImportedAmount(try row.number("Amount"), asset)
      let fees = try row.optionalNumber("Fee").map { [ImportedAmount($0, asset)] } ?? []
      let origin = EventOrigin(line: row.line, date: date, id: row.text("id"))
      let type = row.text("Type").lowercased()
      if type.hasPrefix("deposit") {
        try log.move(origin, .deposit, amount, fees: fees)
      } else if type.hasPrefix("withdraw") {
        try log.move(origin, .withdrawal, amount, fees: fees)
      } else if type.hasPrefix("transfer") {
        log.skip(row.line, .internalMove)
      } else if type.contains("airdrop") {
        try log.move(origin, .income(.airdrop), amount, fees: fees)
      } else if type.contains("interest") || type.contains("earn") {
        try log.move(origin, .income(.interest), amount, fees: fees)
      } else {
        log.skip(row.line, .unknownType(row.text("Type")))
      }
    }
  }
}
