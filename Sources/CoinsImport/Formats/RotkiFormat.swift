import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// rotki's generic import: trades (2025→, `Spend Currency,Receive Currency,…`; 2022–2025,
/// `Base Currency,Quote Currency,Type,Buy Amount,Sell Amount,…`, where Buy Amount is always
/// what was received and Sell Amount what was given: a Buy receives the base, a Sell gives it)
/// and events (`Type,Location,Currency,Amount,…`). Times are Unix milliseconds; a currency is a
/// ticker or a rotki identifier (`eip155:1/erc20:0xA0b8…`), kept as written for `--map`.
enum RotkiFormat {
  static let format = ImportFormat(
    "rotki", "rotki generic trades or events",
    [
      FormatVersion(
        "trades",
        names: [
          "Location", "Spend Currency", "Receive Currency", "Receive Amount", "Spend Amount",
          "Fee", "Fee Currency", "Description", "Timestamp",
        ], read: readTrades),
      FormatVersion(
        "trades (base/quote)",
        names: [
          "Location", "Base Currency", "Quote Currency", "Type", "Buy Amount", "Sell Amount",
          "Fee", "Fee Currency", "Description", "Timestamp",
        ], read: readTrades),
      FormatVersion(
        "events",
        names: [
          "Type", "Location", "Currency", "Amount", "Fee", "Fee Currency", "Description",
          "Timestamp",
        ], read: readEvents),
    ])

  /// A ticker, or an identifier with a colon kept as written.
  static func asset(_ text: String) -> ImportedAsset {
    text.contains(":") ? .coin(text) : TickerRules.plain(text)
  }

  /// The row's Unix-millisecond time.
  static func date(_ row: SourceRow) throws(ImportError) -> Date {
    guard let milliseconds = Int(row.text("Timestamp")), milliseconds >= 0 else {
      throw row.failValue("Timestamp", "a time in Unix milliseconds such as 1659085200000")
    }
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  private static func fees(_ row: SourceRow) throws(ImportError) -> [ImportedAmount] {
    guard let fee = try row.optionalNumber("Fee"), let currency = row.optionalText("Fee Currency")
    else { return [] }
    return [ImportedAmount(abs(fee), asset(currency))]
  }

  static func readTrades(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      let spent: ImportedAmount
      let received: ImportedAmount
      if row.has("Spend Currency") {
        spent = ImportedAmount(
          abs(try row.number("Spend Amount")), asset(row.text("Spend Currency")))
        received = ImportedAmount(
          abs(try row.number("Receive Amount")), asset(row.text("Receive Currency")))
      } else {
        let base = asset(row.text("Base Currency"))
        let quote = asset(row.text("Quote Currency"))
        let got = abs(try row.number("Buy Amount"))
        let gave = abs(try row.number("Sell Amount"))
        switch row.text("Type").lowercased() {
        case "buy": (spent, received) = (ImportedAmount(gave, quote), ImportedAmount(got, base))
        case "sell": (spent, received) = (ImportedAmount(gave, base), ImportedAmount(got, quote))
        default: throw row.failValue("Type", "Buy or Sell")
        }
      }
      if spent.amount == 0 || received.amount == 0 {
        log.skip(row.line, .zeroAmount)
        continue
      }
      let origin = EventOrigin(
        line: row.line, date: try date(row), note: row.text("Description"))
      try log.exchange(origin, spent: spent, received: received, fees: try fees(row))
    }
  }

  static func readEvents(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      let amount = ImportedAmount(try row.number("Amount"), asset(row.text("Currency")))
      let fees = try fees(row)
      let origin = EventOrigin(
        line: row.line, date: try date(row), note: row.text("Description"))
      switch row.text("Type").lowercased() {
      case "deposit": try log.move(origin, .deposit, amount, fees: fees)
      case "withdrawal", "loss": try log.move(origin, .withdrawal, amount, fees: fees)
      case "income": try log.move(origin, .income(.other), amount, fees: fees)
      case "staking": try log.move(origin, .income(.staking), amount, fees: fees)
      case "spend":
        try log.exchange(
          origin, coins: ImportedAmount(abs(amount.amount), amount.asset), buying: false,
          for: nil, fees: fees)
      default: log.skip(row.line, .unknownType(row.text("Type")))
      }
    }
  }
}
