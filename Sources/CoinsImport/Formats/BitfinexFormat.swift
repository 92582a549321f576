import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bitfinex's reports: trades (`#,PAIR,AMOUNT,PRICE,FEE[,FEE PERC],FEE CURRENCY,DATE,ORDER ID`,
/// AMOUNT the base signed +buy/−sell, PRICE per base, FEE negative) and ledgers
/// (`[#,]DESCRIPTION,CURRENCY,AMOUNT,BALANCE,DATE,WALLET`, one row per balance change).
///
/// Dates are day first, `04-02-20 16:52:06` (the report's default, DD-MM-YY): a date that
/// cannot be day first is an error rather than read another way.
enum BitfinexFormat {
  private static let trades = ["PAIR", "AMOUNT", "PRICE", "FEE"]
  private static let ledgers = ["DESCRIPTION", "CURRENCY", "AMOUNT", "BALANCE", "DATE", "WALLET"]

  static let format = ImportFormat(
    "bitfinex", "Bitfinex trades or ledgers",
    [
      FormatVersion(
        "trades", names: ["#"] + trades + ["FEE PERC", "FEE CURRENCY", "DATE", "ORDER ID"],
        read: readTrades
      ).dated(.dayFirst),
      FormatVersion(
        "trades (no fee percent)",
        names: ["#"] + trades + ["FEE CURRENCY", "DATE", "ORDER ID"], read: readTrades
      ).dated(.dayFirst),
      FormatVersion("ledgers", names: ["#"] + ledgers, read: readLedgers).dated(.dayFirst),
      FormatVersion("ledgers (no #)", names: ledgers, read: readLedgers).dated(.dayFirst),
    ])

  static func readTrades(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      guard let (base, quote) = TickerRules.split(pair: row.text("PAIR"), quotes: []) else {
        throw row.failValue("PAIR", "a pair such as BTC/USD")
      }
      let signed = try row.number("AMOUNT")
      let coins = ImportedAmount(abs(signed), TickerRules.plain(base))
      let money = ImportedAmount(abs(signed) * (try row.number("PRICE")), TickerRules.plain(quote))
      let fees =
        try row.optionalNumber("FEE").map {
          [ImportedAmount(abs($0), TickerRules.plain(row.optionalText("FEE CURRENCY") ?? quote))]
        } ?? []
      let origin = EventOrigin(line: row.line, date: try row.date("DATE"), id: row.text("#"))
      let buying = signed > 0
      try log.exchange(
        origin, spent: buying ? money : coins, received: buying ? coins : money, fees: fees,
        feeColumn: "FEE")
    }
  }

  /// Ledgers: a trade is the two `Exchange …` rows of one time (one currency out, one in), its
  /// fee the `Trading fees …` row of that time; deposits and withdrawals by their description,
  /// moves between wallets internal. Every row states the wallet's balance after it.
  static func readLedgers(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    log.newestFirst = true
    var groups: [String: [SourceRow]] = [:]
    var pending: [(key: String?, row: SourceRow, date: Date)] = []
    for row in table.rows {
      let asset = TickerRules.plain(row.text("CURRENCY"))
      let date = try row.date("DATE")
      if let balance = row.statedNumber("BALANCE") {
        log.state(
          asset, wallet: row.optionalText("WALLET"), balance, line: row.line, date: date)
      }
      let description = row.text("DESCRIPTION")
      if description.hasPrefixIgnoringCase("exchange ")
        || description.hasPrefixIgnoringCase("trading fees")
      {
        let key = row.text("DATE")
        if groups[key] == nil { pending.append((key, row, date)) }
        groups[key, default: []].append(row)
      } else {
        pending.append((nil, row, date))
      }
    }
    for (key, row, date) in pending {
      if let key {
        try readTrade(groups[key] ?? [], &log)
      } else {
        try readMove(row, date, &log)
      }
    }
  }

  private static func readTrade(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var spent: ImportedAmount?
    var received: ImportedAmount?
    var fees: [ImportedAmount] = []
    for row in rows {
      let amount = try row.number("AMOUNT")
      let asset = TickerRules.plain(row.text("CURRENCY"))
      if row.text("DESCRIPTION").hasPrefixIgnoringCase("trading fees") {
        fees.append(ImportedAmount(abs(amount), asset))
      } else if amount < 0, spent == nil {
        spent = ImportedAmount(-amount, asset)
      } else if amount > 0, received == nil {
        received = ImportedAmount(amount, asset)
      } else if amount != 0 {
        throw row.fail("AMOUNT", "a third currency exchanged at \(first.text("DATE"))")
      }
    }
    let origin = EventOrigin(lines: rows.map(\.line), date: try first.date("DATE"))
    guard let spent, let received else {
      throw first.fail("AMOUNT", "the exchange at \(first.text("DATE")) needs a row out and in")
    }
    try log.exchange(origin, spent: spent, received: received, fees: fees, feeColumn: "AMOUNT")
  }

  private static func readMove(
    _ row: SourceRow, _ date: Date, _ log: inout EventLog
  ) throws(ImportError) {
    let amount = try row.number("AMOUNT")
    let moved = ImportedAmount(amount, TickerRules.plain(row.text("CURRENCY")))
    let description = row.text("DESCRIPTION")
    let lower = description.lowercased()
    let origin = EventOrigin(line: row.line, date: date, note: description)
    if lower.hasPrefix("deposit") && !lower.contains("from wallet") {
      try log.move(origin, .deposit, moved)
    } else if lower.hasPrefix("transfer of") || lower.contains("from wallet") {
      log.skip(row.line, .internalMove)
    } else if lower.contains("withdrawal fee") {
      log.feeOnly(origin, moved)
    } else if lower.contains("withdrawal") {
      try log.move(origin, .withdrawal, moved)
    } else if lower.contains("staking") || lower.contains("earned") {
      try log.move(origin, amount > 0 ? .income(.staking) : .withdrawal, moved)
    } else if lower.contains("interest") || lower.contains("margin funding payment") {
      try log.move(origin, amount > 0 ? .income(.interest) : .withdrawal, moved)
    } else {
      log.skip(row.line, .unknownType(description))
    }
  }
}
