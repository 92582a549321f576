import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// CoinTracking's Trade List export: `Buy`, `Sell` and `Fee` each followed by a column named
/// `Cur.` (told apart by position), every cell quoted, `-` or empty for nothing, dates
/// `DD.MM.YYYY HH:MM:SS` (or ISO). A trade is one row; the fee is paid on top.
enum CoinTrackingFormat {
  private static let columns: [HeaderColumn] = [
    .init("Type"), .init("Buy"), .init("Cur.", as: "Buy Cur."), .init("Sell"),
    .init("Cur.", as: "Sell Cur."), .init("Fee"), .init("Cur.", as: "Fee Cur."),
    .init("Exchange"), .init("Group"), .init("Comment"), .init("Date"),
  ]

  static let format = ImportFormat(
    "cointracking", "CoinTracking trade list",
    [FormatVersion("trade list", columns, extra: ["Tx-ID", "Trade ID"], read: read)])

  private static let income: [String: IncomeKind] = [
    "income": .other, "gift/tip": .other, "reward/bonus": .reward, "mining": .mining,
    "airdrop": .airdrop, "staking": .staking, "masternode": .staking, "interest income": .interest,
    "lending income": .interest, "income (non taxable)": .other, "minting": .mining,
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      func amount(_ key: String) throws(ImportError) -> ImportedAmount? {
        guard let value = try row.optionalNumber(key) else { return nil }
        guard let ticker = row.optionalText(key + " Cur.") else {
          throw row.failValue(key + " Cur.", "the currency of \(row.columnName(key))")
        }
        return ImportedAmount(abs(value), TickerRules.plain(ticker))
      }
      let type = row.text("Type")
      let buy = try amount("Buy")
      let sell = try amount("Sell")
      let fees = row.isNoFee("Fee") ? [] : try amount("Fee").map { [$0] } ?? []
      let id = row.optionalText("Tx-ID") ?? row.optionalText("Trade ID")
      let origin = EventOrigin(
        line: row.line, date: try row.date("Date"), id: id, note: row.text("Comment"))
      func need(_ side: ImportedAmount?, _ key: String) throws(ImportError) -> ImportedAmount {
        guard let side else { throw row.failValue(key, "an amount for a \(type) row") }
        return side
      }
      let lower = type.lowercased()
      switch lower {
      case "trade":
        try log.exchange(
          origin, spent: try need(sell, "Sell"), received: try need(buy, "Buy"), fees: fees,
          feeColumn: "Fee")
      case "deposit":
        try log.move(origin, .deposit, try need(buy, "Buy"), fees: fees)
      case "withdrawal", "donation", "gift", "stolen", "lost":
        try log.move(origin, .withdrawal, try need(sell, "Sell"), fees: fees)
      case "spend":
        try log.exchange(origin, coins: try need(sell, "Sell"), buying: false, for: nil, fees: fees)
      case "margin fee", "other fee":
        log.feeOnly(origin, try need(sell ?? fees.first, "Sell"))
      default:
        if let kind = income[lower] {
          try log.move(origin, .income(kind), try need(buy, "Buy"), fees: fees)
        } else {
          log.skip(row.line, .unknownType(type))
        }
      }
    }
  }
}
