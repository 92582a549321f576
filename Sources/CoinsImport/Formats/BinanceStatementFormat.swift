import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Binance's transaction statement ("Generate all statements"): one row per balance change,
/// signed `Change`, no trade id and no price, times in UTC. With or without `User_ID`, `Time`
/// for `UTC_Time`, or the header translated (Spanish, with two-digit years); the operation
/// names stay English. A trade is the trade rows sharing a timestamp (``BinanceTradeGroup``).
enum BinanceStatementFormat {
  private static let english = ["Account", "Operation", "Coin", "Change", "Remark"]

  /// Binance writes year first, two-digit years too (`24-03-08`).
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
      ], read: read
    ),
  ].map { $0.dated(.yearFirst) }

  /// Operations that are one side (or the fee) of a trade.
  static let tradeOperations: Set<String> = [
    "buy", "sell", "fee", "transaction related", "transaction spend", "transaction buy",
    "transaction fee", "transaction sold", "transaction revenue", "binance convert",
    "small assets exchange bnb", "large otc trading", "buy crypto", "buy crypto with card",
    "stablecoins auto-conversion", "asset conversion transfer", "etf subscription",
    ethStaking,
  ]

  /// ETH turned into BETH: a `-ETH` and a `+BETH` row at one second, a trade of two coins
  /// (grouped apart from any other trade of that second).
  static let ethStaking = "eth 2.0 staking"

  private static let incomeByName: [String: IncomeKind] = [
    "eth 2.0 staking rewards": .staking, "staking rewards": .staking,
    "pos savings interest": .staking,
    "bnb vault rewards": .reward, "launchpool interest": .interest,
    "simple earn flexible interest": .interest, "simple earn locked rewards": .interest,
    "savings interest": .interest, "mission reward distribution": .reward,
    "cash voucher distribution": .reward, "referral kickback": .referral,
    "referral commission": .referral, "commission rebate": .referral,
    "commission history": .referral,
    "airdrop assets": .airdrop, "hodler airdrops distribution": .airdrop,
    "simple earn flexible airdrop": .airdrop, "launchpool airdrop": .airdrop,
    "megadrop rewards": .airdrop, "distribution": .airdrop, "binance card cashback": .reward,
  ]

  /// Moves between Binance's own accounts, by a word in the operation's name.
  private static let internalWords = [
    "transfer between", "subscription", "redemption", "savings purchase", "staking purchase",
    "transfer_in", "transfer_out", "asset - transfer", "launchpool earnings withdrawal",
  ]

  /// What an operation is, decided once per distinct name in a file.
  enum Operation {
    case trade, deposit, withdrawal, money, internalMove, income(IncomeKind), unknown
  }

  static func operation(_ name: String) -> Operation {
    let lower = name.lowercased()
    if tradeOperations.contains(lower) { return .trade }
    if lower == "deposit" { return .deposit }
    if lower == "withdraw" || lower == "withdrawal" || lower == "send" { return .withdrawal }
    if lower.hasPrefix("fiat ") { return .money }
    if let kind = incomeByName[lower] { return .income(kind) }
    if internalWords.contains(where: lower.contains) { return .internalMove }
    return incomeByWord(lower).map { .income($0) } ?? .unknown
  }

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var operations: [String: Operation] = [:]
    var groups: [String: [SourceRow]] = [:]
    var pending: [(time: String?, row: SourceRow, operation: Operation)] = []
    for row in table.rows {
      let name = row.text("Operation")
      let operation = operations[name] ?? Self.operation(name)
      operations[name] = operation
      if case .trade = operation {
        let time =
          name.caseInsensitiveEquals(ethStaking)
          ? ethStaking + " " + row.text("UTC_Time") : row.text("UTC_Time")
        if groups[time] == nil { pending.append((time, row, operation)) }
        groups[time, default: []].append(row)
      } else {
        pending.append((nil, row, operation))
      }
    }
    for (time, row, operation) in pending {
      if let time {
        try BinanceTradeGroup.read(groups[time] ?? [], &log)
      } else {
        try readSingle(row, operation, &log)
      }
    }
  }

  private static func readSingle(
    _ row: SourceRow, _ operation: Operation, _ log: inout EventLog
  ) throws(ImportError) {
    let change = ImportedAmount(try row.number("Change"), TickerRules.plain(row.text("Coin")))
    let origin = EventOrigin(
      line: row.line, date: try row.date("UTC_Time"), note: row.text("Remark"))
    switch operation {
    case .deposit: try log.move(origin, .deposit, change)
    case .withdrawal: try log.move(origin, .withdrawal, change)
    case .money: log.skip(row.line, .money)
    case .internalMove: log.skip(row.line, .internalMove)
    case .income(let kind) where change.amount > 0: try log.move(origin, .income(kind), change)
    case .income, .trade, .unknown: log.skip(row.line, .unknownType(row.text("Operation")))
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
