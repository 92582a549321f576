import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Coinbase Pro (Coinbase Exchange, closed 2023): the account statement (a trade is two
/// `match` rows and a `fee` row sharing a trade id) and the fills report (one row per fill).
enum CoinbaseProFormat {
  private static let statement = [
    "type", "time", "amount", "balance", "amount/balance unit", "transfer id", "trade id",
    "order id",
  ]
  private static let fills = [
    "trade id", "product", "side", "created at", "size", "size unit", "price", "fee", "total",
    "price/fee/total unit",
  ]

  static let format = ImportFormat(
    "coinbase-pro", "Coinbase Pro account statement or fills",
    [
      FormatVersion(
        "account",
        [
          .init("Portfolio"), .init("Type", as: "type"), .init("Timestamp", as: "time"),
        ] + statement.dropFirst(2).map(HeaderColumn.init), read: readStatement),
      FormatVersion("account (2021)", names: statement, read: readStatement),
      FormatVersion("fills", names: ["portfolio"] + fills, read: readFills),
      FormatVersion("fills (no portfolio)", names: fills, read: readFills),
    ])

  static func readStatement(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    // A trade's rows share its trade id (and order id: trade ids count per product).
    var trades: [String: [SourceRow]] = [:]
    var pending: [(key: String?, row: SourceRow)] = []
    for row in table.rows {
      if let balance = row.statedNumber("balance") {
        log.state(
          TickerRules.plain(row.text("amount/balance unit")), balance, line: row.line,
          date: try row.date("time"))
      }
      switch row.text("type").lowercased() {
      case "match", "fee":
        let key = row.text("order id") + "/" + row.text("trade id")
        if trades[key] == nil { pending.append((key, row)) }
        trades[key, default: []].append(row)
      default:
        pending.append((nil, row))
      }
    }
    for (key, row) in pending {
      guard let key else {
        try readTransfer(row, &log)
        continue
      }
      try readTrade(trades[key] ?? [], &log)
    }
  }

  private static func readTransfer(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    let type = row.text("type")
    let amount = ImportedAmount(
      try row.number("amount"), TickerRules.plain(row.text("amount/balance unit")))
    let origin = EventOrigin(
      line: row.line, date: try row.date("time"), id: row.text("transfer id"))
    switch type.lowercased() {
    case "deposit": try log.move(origin, .deposit, amount)
    case "withdrawal": try log.move(origin, .withdrawal, amount)
    default: log.skip(row.line, .unknownType(type))
    }
  }

  private static func readTrade(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var spent: ImportedAmount?
    var received: ImportedAmount?
    var fees: [ImportedAmount] = []
    for row in rows {
      let amount = try row.number("amount")
      let asset = TickerRules.plain(row.text("amount/balance unit"))
      if row.text("type").lowercased() == "fee" {
        fees.append(ImportedAmount(abs(amount), asset))
      } else if amount < 0, spent == nil {
        spent = ImportedAmount(-amount, asset)
      } else if amount >= 0, received == nil {
        received = ImportedAmount(amount, asset)
      } else {
        throw row.fail("amount", "a third match row for trade id \(first.text("trade id"))")
      }
    }
    guard let spent, let received else {
      throw first.fail(
        "trade id", "trade \(first.text("trade id")) needs a match row out and one in")
    }
    let origin = EventOrigin(
      lines: rows.map(\.line), date: try first.date("time"),
      id: first.text("order id") + "/" + first.text("trade id"))
    try log.exchange(origin, spent: spent, received: received, fees: fees)
  }

  static func readFills(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      let product = row.text("product")
      guard let (base, quote) = TickerRules.split(pair: product, quotes: []) else {
        throw row.failValue("product", "a product such as BTC-EUR")
      }
      let size = abs(try row.number("size"))
      let gross = size * abs(try row.number("price"))
      let quoteAsset = TickerRules.plain(row.optionalText("price/fee/total unit") ?? quote)
      let coins = ImportedAmount(size, TickerRules.plain(row.optionalText("size unit") ?? base))
      let money = ImportedAmount(gross, quoteAsset)
      let fees = try row.optionalNumber("fee").map { [ImportedAmount(abs($0), quoteAsset)] } ?? []
      let origin = EventOrigin(
        line: row.line, date: try row.date("created at"), id: product + ":" + row.text("trade id"))
      switch row.text("side").lowercased() {
      case "buy": try log.exchange(origin, spent: money, received: coins, fees: fees)
      case "sell": try log.exchange(origin, spent: coins, received: money, fees: fees)
      default: throw row.failValue("side", "BUY or SELL")
      }
    }
  }
}
