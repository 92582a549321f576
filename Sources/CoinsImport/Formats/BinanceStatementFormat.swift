import CoinsModel
import FoundationEssentials

/// Binance's transaction statement ("Generate all statements"): one row per balance change,
/// signed `Change`, no trade id and no price, times in UTC. With or without `User_ID`, `Time`
/// for `UTC_Time`, or the header translated (Spanish, with two-digit years); the operation
/// names stay English. A trade is the trade rows sharing a timestamp (``BinanceTradeGroup``).
enum BinanceStatementFormat {
  private static let english = ["Account", "Operation", "Coin", "Change", "Remark"]

  static let versions = [
    FormatVersion("statement", names: ["User_ID", "UTC_Time"] + english, read: read),
    FormatVersion("statement (2021)", names: ["UTC_Time"] + english, read: read),
    FormatVersion(
      "statement (Time)",
      [.init("User_ID"), .init("Time", as: "UTC_Time")] + english.map(HeaderColumn.init),
      read: read),
    FormatVersion(
      "statement (es)",
      [
        .init("ID de usuario", as: "User_ID"), .init("Tiempo", as: "UTC_Time"),
        .init("Cuenta", as: "Account"), .init("Operación", as: "Operation"),
        .init("Moneda", as: "Coin"), .init("Cambio", as: "Change"),
        .init("Observación", as: "Remark"),
      ], read: read),
  ]

  /// Operations that are one side (or the fee) of a trade.
  static let tradeOperations: Set<String> = [
    "buy", "sell", "fee", "transaction related", "transaction spend", "transaction buy",
    "transaction fee", "transaction sold", "transaction revenue", "binance convert",
    "small assets exchange bnb", "large otc trading", "buy crypto", "buy crypto with card",
    "stablecoins auto-conversion", "asset conversion transfer", "etf subscription",
  ]

  private static let incomeByName: [String: IncomeKind] = [
    "eth 2.0 staking rewards": .staking, "staking rewards": .staking,
    "pos savings interest": .staking,
    "bnb vault rewards": .reward, "launchpool interest": .interest,
    "simple earn flexible interest": .interest, "simple earn locked rewards": .interest,
    "savings interest": .interest, "mission reward distribution": .reward,
    "cash voucher distribution": .reward, "referral kickback": .referral,
    "referral commission": .referral, "commission rebate": .referral,
    "airdrop assets": .airdrop, "hodler airdrops distribution": .airdrop,
    "simple earn flexible airdrop": .airdrop, "launchpool airdrop": .airdrop,
    "megadrop rewards": .airdrop, "distribution": .airdrop, "binance card cashback": .reward,
  ]

  /// Moves between Binance's own accounts, by a word in the operation's name.
  private static let internalWords = [
    "transfer between", "subscription", "redemption", "savings purchase", "staking purchase",
    "transfer_in", "transfer_out", "asset - transfer", "launchpool earnings withdrawal",
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var groups: [String: [SourceRow]] = [:]
    var pending: [(time: String?, row: SourceRow)] = []
    for row in table.rows {
      let operation = row.text("Operation").lowercased()
      if tradeOperations.contains(operation) {
        let time = row.text("UTC_Time")
        if groups[time] == nil { pending.append((time, row)) }
        groups[time, default: []].append(row)
      } else {
        pending.append((nil, row))
      }
    }
    for (time, row) in pending {
      if let time {
        try BinanceTradeGroup.read(groups[time] ?? [], &log)
      } else {
        try readSingle(row, &log)
      }
    }
  }

  private static func readSingle(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    let name = row.text("Operation")
    let operation = name.lowercased()
    let change = ImportedAmount(try row.number("Change"), TickerRules.plain(row.text("Coin")))
    let origin = EventOrigin(
      line: row.line, date: try row.date("UTC_Time"), note: row.text("Remark"))
    if operation == "deposit" {
      try log.move(origin, .deposit, change)
    } else if operation == "withdraw" || operation == "withdrawal" || operation == "send" {
      try log.move(origin, .withdrawal, change)
    } else if operation.hasPrefix("fiat ") {
      log.skip(row.line, .money)
    } else if internalWords.contains(where: operation.contains) {
      log.skip(row.line, .internalMove)
    } else if change.amount > 0, let kind = incomeByName[operation] ?? incomeByWord(operation) {
      try log.move(origin, .income(kind), change)
    } else {
      log.skip(row.line, .unknownType(name))
    }
  }

  private static func incomeByWord(_ operation: String) -> IncomeKind? {
    if operation.contains("staking") { return .staking }
    if operation.contains("interest") { return .interest }
    if operation.contains("airdrop") { return .airdrop }
    if operation.contains("reward") || operation.contains("distribution") { return .reward }
    return nil
  }
}
