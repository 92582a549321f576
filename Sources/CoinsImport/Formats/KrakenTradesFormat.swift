import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Kraken's trades export: one row per trade, the pair written together (`XXBTZEUR`), `vol` in
/// the base, `cost` and `fee` in the quote (the fee on top, as in the ledgers). The ledgers are
/// the complete record (deposits, staking); trades are for people who only have these.
package enum KrakenTradesFormat {
  private static let margin = [
    "postxid", "posttxid", "posstatus", "posstatuscode", "cprice", "ccost", "cfee", "cvol",
    "cmargin", "net", "trades",
  ]
  private static let tail = [
    "type", "ordertype", "price", "cost", "fee", "vol", "margin", "misc", "ledgers",
  ]

  static let versions = [
    FormatVersion(
      "trades v2", names: ["txid", "ordertxid", "pair", "aclass", "subclass", "time"] + tail,
      extra: margin, read: read),
    FormatVersion(
      "trades v1", names: ["txid", "ordertxid", "pair", "time"] + tail, extra: margin, read: read),
  ]

  /// Quotes Kraken pairs end in, the longest first.
  package static let quotes = [
    "ZEUR", "ZUSD", "ZGBP", "ZCAD", "ZJPY", "ZAUD", "ZCHF", "XXBT", "XETH", "EUR", "USD", "GBP",
    "CAD", "JPY", "AUD", "CHF", "USDT", "USDC", "DAI", "PYUSD", "XBT", "ETH", "DOT",
  ].sorted { $0.count > $1.count }

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      guard let (base, quote) = TickerRules.split(pair: row.text("pair"), quotes: quotes) else {
        throw row.failValue("pair", "a pair such as XXBTZEUR")
      }
      let quoteAsset = TickerRules.kraken(quote)
      let coins = ImportedAmount(abs(try row.number("vol")), TickerRules.kraken(base))
      let money = ImportedAmount(abs(try row.number("cost")), quoteAsset)
      let fees = try row.optionalNumber("fee").map { [ImportedAmount(abs($0), quoteAsset)] } ?? []
      let origin = EventOrigin(line: row.line, date: try row.date("time"), id: row.text("txid"))
      switch row.text("type").lowercased() {
      case "buy":
        try log.exchange(origin, spent: money, received: coins, fees: fees, feeColumn: "fee")
      case "sell":
        try log.exchange(origin, spent: coins, received: money, fees: fees, feeColumn: "fee")
      default: throw row.failValue("type", "buy or sell")
      }
    }
  }
}
