import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bybit's exports: the spot order history of the Unified Trading Account (2024→, pairs run
/// together, no units, times written `22:37 2024-11-21`), the older spot trade history (pairs
/// with a slash, each figure with its unit, a local and a UTC clock: the UTC one is read), the
/// funding account's asset changes and the Unified Trading Account's transaction log (both
/// below a `UID: …` line, newest first, with the balance after each row).
enum BybitFormat {
  private static let spot = [
    "Spot Pairs", "Order Type", "Direction", "Filled Value", "Filled Price", "Filled Quantity",
    "Fees", "Transaction ID", "Order No.", "Timestamp (UTC)",
  ]

  static let format = ImportFormat(
    "bybit", "Bybit spot history, funding or unified account log",
    [
      FormatVersion("spot order history (UTA)", names: spot, read: readSpot),
      FormatVersion(
        "spot trade history", names: ["Filled Time (Local Time)"] + spot, read: readSpot),
      FormatVersion(
        "funding asset changes",
        names: [
          "Uid", "Date & Time(UTC)", "Coin", "QTY", "Type", "Account Balance", "Description",
        ], read: BybitLogs.readFunding),
      FormatVersion(
        "funding asset changes (no uid)",
        names: ["Date & Time(UTC)", "Coin", "QTY", "Type", "Account Balance", "Description"],
        read: BybitLogs.readFunding),
      FormatVersion(
        "funding asset changes (older)",
        [
          .init("Type"), .init("Coin"), .init("Amount", as: "QTY"),
          .init("Wallet Balance", as: "Account Balance"),
          .init("Time(UTC)", as: "Date & Time(UTC)"),
        ], read: BybitLogs.readFunding),
      FormatVersion(
        "unified account log",
        names: [
          "Uid", "Currency", "Contract", "Type", "Direction", "Quantity", "Position",
          "Filled Price", "Funding", "Fee Paid", "Cash Flow", "Change", "Wallet Balance",
          "Action", "Time(UTC)",
        ], read: BybitLogs.readUnified),
    ])

  /// One fill a row. The UTA layout's Fees has no unit: it is in the asset received (0.1 % of
  /// the quantity on a buy, of the value on a sale), as the older layout's units show.
  static func readSpot(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    try table.readInParts(into: &log) { rows, log throws(ImportError) in
      var pairs: [String: (ImportedAsset, ImportedAsset)] = [:]
      for row in rows {
        let written = row.text("Spot Pairs")
        let base: ImportedAsset
        let quote: ImportedAsset
        if let known = pairs[written] {
          (base, quote) = known
        } else {
          guard let split = TickerRules.split(pair: written, quotes: BinanceSpotFormat.quotes)
          else { throw row.failValue("Spot Pairs", "a pair such as BTCUSDT") }
          (base, quote) = (TickerRules.plain(split.base), TickerRules.plain(split.quote))
          pairs[written] = (base, quote)
        }
        let buying: Bool
        switch row.text("Direction").lowercased() {
        case "buy": buying = true
        case "sell": buying = false
        default: throw row.failValue("Direction", "Buy or Sell")
        }
        let coins = try row.amount("Filled Quantity", or: base)
        let money = try row.amount("Filled Value", or: quote)
        let fees = try row.optionalAmount("Fees", or: buying ? base : quote).map { [$0] } ?? []
        let origin = EventOrigin(
          line: row.line, date: try row.timeFirstDate("Timestamp (UTC)"),
          id: row.text("Transaction ID"))
        try log.exchange(
          origin, spent: buying ? money : coins, received: buying ? coins : money, fees: fees,
          feeColumn: row.columnName("Fees"))
      }
    }
  }
}
