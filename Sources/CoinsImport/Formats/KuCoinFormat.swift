import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// KuCoin's trade exports: 2019 (`Time,Pair,Side,FilledPrice,…`, `2019/05/11 10:27:17`),
/// 2022 (`tradeCreatedAt,symbol,side,…`, short and full), and the 2023 filled orders with the
/// zone in the header (`Filled Time(UTC+01:00)`). Symbols are `BASE-QUOTE` or `BASE/QUOTE`.
///
/// Time zone: the 2019 and 2022 exports carry no zone; they are read as UTC+8 (KuCoin's
/// Singapore time, as BittyTax does — rotki reads them as UTC), unless `--timezone` says
/// otherwise. The 2023 exports say their zone in the header, and that wins.
enum KuCoinFormat {
  private static let singapore = ImportTimeZone.offset(secondsEast: 8 * 3600) ?? .utc

  private static let filled: [HeaderColumn] = [
    .init("UID"), .init("Account Type"), .init("Order ID"),
    .init("Order Time(", .zone, ")", as: "Order Time"), .init("Symbol"), .init("Side"),
    .init("Order Type"), .init("Order Price"), .init("Order Amount"), .init("Avg. Filled Price"),
    .init("Filled Amount"), .init("Filled Volume"), .init("Filled Volume (USDT)"),
    .init("Filled Time(", .zone, ")", as: "Filled Time"), .init("Fee"), .init("Fee Currency"),
  ]

  static let format = ImportFormat(
    "kucoin", "KuCoin trades",
    [
      FormatVersion(
        "filled orders (2023)", filled + [.init("Tax"), .init("Status")], extra: ["Account Mode"],
        read: readFilled),
      FormatVersion(
        "filled orders (2023, no tax)", filled + [.init("Status")], extra: ["Account Mode"],
        read: readFilled),
      FormatVersion(
        "trades (2022, full)",
        names: [
          "tradeCreatedAt", "orderId", "symbol", "side", "price", "size", "funds", "fee",
          "liquidity", "feeCurrency", "orderType",
        ], defaultZone: singapore, read: read2022),
      FormatVersion(
        "trades (2022)",
        names: [
          "tradeCreatedAt", "symbol", "side", "price", "size", "funds", "fee", "feeCurrency",
        ],
        defaultZone: singapore, read: read2022),
      FormatVersion(
        "trades (2019)",
        names: [
          "Time", "Pair", "Side", "FilledPrice", "FilledPriceCoin", "Amount", "AmountCoin",
          "Volume", "VolumeCoin", "Fee", "FeeCoin",
        ], defaultZone: singapore, read: read2019),
    ])

  private struct Fill {
    var base: String, quote: String, size: Decimal, funds: Decimal, fee: Decimal?,
      feeCurrency: String
  }

  private static func record(
    _ row: SourceRow, _ fill: Fill, side: some ColumnName, date: some ColumnName,
    id: String? = nil, _ log: inout EventLog
  ) throws(ImportError) {
    let coins = ImportedAmount(abs(fill.size), TickerRules.plain(fill.base))
    let money = ImportedAmount(abs(fill.funds), TickerRules.plain(fill.quote))
    let fees = fill.fee.map { [ImportedAmount(abs($0), TickerRules.plain(fill.feeCurrency))] } ?? []
    let origin = EventOrigin(line: row.line, date: try row.date(date), id: id)
    switch row.text(side).lowercased() {
    case "buy":
      try log.exchange(origin, spent: money, received: coins, fees: fees, feeColumn: "fee")
    case "sell":
      try log.exchange(origin, spent: coins, received: money, fees: fees, feeColumn: "fee")
    default: throw row.failValue(side, "buy or sell")
    }
  }

  private static func pair(
    _ row: SourceRow, _ key: some ColumnName
  ) throws(ImportError) -> (String, String) {
    guard let (base, quote) = TickerRules.split(pair: row.text(key), quotes: []) else {
      throw row.failValue(key, "a pair such as BTC-USDT")
    }
    return (base, quote)
  }

  static func read2022(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        let (base, quote) = try pair(row, "symbol")
        let fill = Fill(
          base: base, quote: quote, size: try row.number("size"), funds: try row.number("funds"),
          fee: try row.optionalNumber("fee"), feeCurrency: row.optionalText("feeCurrency") ?? quote)
        try record(row, fill, side: "side", date: "tradeCreatedAt", &log)
      }
    }
  }

  /// 2019: `Volume` is what was settled in the quote (rotki recomputes Amount × FilledPrice,
  /// which can differ in the last digits); the settled figure is the one the balance moved by.
  static func read2019(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        let (base, quote) = try pair(row, "Pair")
        let fill = Fill(
          base: row.optionalText("AmountCoin") ?? base,
          quote: row.optionalText("VolumeCoin") ?? quote,
          size: try row.number("Amount"), funds: try row.number("Volume"),
          fee: try row.optionalNumber("Fee"), feeCurrency: row.optionalText("FeeCoin") ?? quote)
        try record(row, fill, side: "Side", date: "Time", &log)
      }
    }
  }

  /// The 2023 columns, each looked up once for the file (not by name for each row).
  private struct FilledColumns: Sendable {
    let symbol, side, amount, volume, fee, feeCurrency, time, order: ResolvedColumn

    init(_ table: ImportTable) {
      (symbol, side, amount) = (
        table.column("Symbol"), table.column("Side"), table.column("Filled Amount")
      )
      (volume, fee) = (table.column("Filled Volume"), table.column("Fee"))
      (feeCurrency, time) = (table.column("Fee Currency"), table.column("Filled Time"))
      order = table.column("Order ID")
    }
  }

  static func readFilled(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    let columns = FilledColumns(table)
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      for row in rows {
        let (base, quote) = try pair(row, columns.symbol)
        let fill = Fill(
          base: base, quote: quote, size: try row.number(columns.amount),
          funds: try row.number(columns.volume), fee: try row.optionalNumber(columns.fee),
          feeCurrency: row.optionalText(columns.feeCurrency) ?? quote)
        try record(
          row, fill, side: columns.side, date: columns.time, id: row.text(columns.order), &log)
      }
    }
  }
}
