import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bybit's account logs, newest first, each row with the balance after it.
///
/// Funding: `QTY` signed; `Type` is coarse and `Description` says what happened (a card buy is
/// one row crediting the coin, with no money amount: a deposit of unknown cost). The Unified
/// Trading Account: a spot fill is two `TRADE` rows, one per currency, sharing time, contract
/// and price; `Cash Flow` is each side before the fee, `Fee Paid` (negative) is on the row of
/// the currency received.
enum BybitLogs {
  static func readFunding(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    log.newestFirst = true
    for row in table.rows {
      let coin = row.text("Coin")
      let quantity = try row.number("QTY")
      let amount = ImportedAmount(quantity, TickerRules.plain(coin))
      let date = try row.date("Date & Time(UTC)")
      if let balance = row.statedNumber("Account Balance") {
        log.state(TickerRules.plain(coin), wallet: "Funding", balance, line: row.line, date: date)
      }
      let origin = EventOrigin(line: row.line, date: date, note: row.text("Description"))
      let type = row.text("Type").lowercased()
      let description = row.text("Description").lowercased()
      switch type {
      case "transfer in", "transfer out":
        log.skip(row.line, .internalMove)
      case "airdrop":
        try log.move(origin, .income(.airdrop), amount)
      case "deposit":
        try log.move(origin, .deposit, amount)
      case "withdraw", "withdrawal":
        try log.move(origin, .withdrawal, amount)
      case "fiat" where description == "deposit" || description == "buy crypto with card":
        try log.move(origin, quantity >= 0 ? .deposit : .withdrawal, amount)
      case "fiat" where description == "withdraw" || description == "withdrawal":
        try log.move(origin, .withdrawal, amount)
      case "bonus", "reward", "rewards":
        try log.move(origin, .income(.reward), amount)
      case "interest", "earn":
        try log.move(origin, .income(.interest), amount)
      default:
        log.skip(row.line, .unknownType(row.text("Type") + "/" + row.text("Description")))
      }
    }
  }

  static func readUnified(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    log.newestFirst = true
    var fills: [String: [SourceRow]] = [:]
    var pending: [(key: String?, row: SourceRow)] = []
    for row in table.rows {
      let currency = TickerRules.plain(row.text("Currency"))
      if let balance = row.statedNumber("Wallet Balance") {
        log.state(
          currency, wallet: "Unified Trading", balance, line: row.line,
          date: try row.date("Time(UTC)"))
      }
      if row.text("Type").caseInsensitiveEquals("trade") {
        let key =
          row.text("Time(UTC)") + " " + row.text("Contract") + " " + row.text("Filled Price")
        if fills[key] == nil { pending.append((key, row)) }
        fills[key, default: []].append(row)
      } else {
        pending.append((nil, row))
      }
    }
    for (key, row) in pending {
      if let key { try readFill(fills[key] ?? [], &log) } else { try readOther(row, &log) }
    }
  }

  private static func readFill(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var spent: ImportedAmount?
    var received: ImportedAmount?
    var fees: [ImportedAmount] = []
    for row in rows {
      let asset = TickerRules.plain(row.text("Currency"))
      let flow = try row.number("Cash Flow")
      if let fee = try row.optionalNumber("Fee Paid"), fee != 0 {
        fees.append(ImportedAmount(abs(fee), asset))
      }
      if flow < 0, spent == nil {
        spent = ImportedAmount(-flow, asset)
      } else if flow > 0, received == nil {
        received = ImportedAmount(flow, asset)
      } else if flow != 0 {
        throw row.fail("Cash Flow", "a third currency in the fill at \(first.text("Time(UTC)"))")
      }
    }
    guard let spent, let received else {
      throw first.fail(
        "Cash Flow", "the fill at \(first.text("Time(UTC)")) needs a currency out and one in")
    }
    let origin = EventOrigin(lines: rows.map(\.line), date: try first.date("Time(UTC)"))
    try log.exchange(
      origin, spent: spent, received: received, fees: fees,
      feeColumn: first.columnName("Fee Paid"))
  }

  private static func readOther(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    let type = row.text("Type")
    let amount = ImportedAmount(try row.number("Change"), TickerRules.plain(row.text("Currency")))
    let origin = EventOrigin(line: row.line, date: try row.date("Time(UTC)"))
    switch type.lowercased() {
    case "transfer_in", "transfer_out": log.skip(row.line, .internalMove)
    case "deposit": try log.move(origin, .deposit, amount)
    case "withdraw", "withdrawal": try log.move(origin, .withdrawal, amount)
    case "bonus", "airdrop": try log.move(origin, .income(.reward), amount)
    case "interest": try log.move(origin, .income(.interest), amount)
    default: log.skip(row.line, .unknownType(type))
    }
  }
}
