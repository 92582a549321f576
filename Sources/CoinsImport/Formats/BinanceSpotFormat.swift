import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Binance's spot trade history: one row per fill, `Executed`, `Amount` and `Fee` each with its
/// ticker inside the figure (`0.0010000000ETH`), thousands grouped in quotes (`"11,426.20"`);
/// headers in English (`Executed` or `Quantity`), Czech or Spanish (those with two-digit
/// years), and the older layout (`Market`, `Total`, `Fee Coin`, no tickers in the figures).
package enum BinanceSpotFormat {
  private static func localised(_ names: [String], _ date: String = "Date(UTC)") -> [HeaderColumn] {
    let keys = ["Date(UTC)", "Pair", "Side", "Price", "Executed", "Amount", "Fee"]
    return zip([date] + names, keys).map { HeaderColumn($0, as: $1) }
  }

  /// Binance writes year first, two-digit years too (`24-03-08`).
  static let versions = [
    FormatVersion(
      "trade history", localised(["Pair", "Side", "Price", "Executed", "Amount", "Fee"]), read: read
    ),
    FormatVersion(
      "trade history (Quantity)",
      localised(["Pair", "Side", "Price", "Quantity", "Amount", "Fee"]),
      read: read),
    FormatVersion(
      "trade history (cs)",
      localised(["Pár", "Strana", "Cena", "Provedeno", "Částka", "Poplatek"], "Čas"),
      read: read),
    FormatVersion(
      "trade history (es)",
      localised(["Par", "Lado", "Precio", "Ejecutado", "Cantidad", "Tarifa"], "Tiempo"),
      read: read),
    FormatVersion(
      "trade history (xlsx)",
      names: ["Date(UTC)", "Market", "Type", "Price", "Amount", "Total", "Fee", "Fee Coin"],
      read: readOlder),
  ].map { $0.dated(.yearFirst) }

  /// Quotes Binance pairs end in, the longest first (for pairs written together, when the
  /// figures carry no tickers).
  package static let quotes = [
    "USDT", "BUSD", "USDC", "FDUSD", "TUSD", "USDP", "USDS", "DAI", "PAX", "BTC", "ETH", "BNB",
    "XRP", "TRX", "DOGE", "DOT", "EUR", "GBP", "TRY", "AUD", "BRL", "RUB", "UAH", "BIDR",
    "IDRT", "NGN", "ZAR", "PLN", "RON", "ARS", "JPY", "MXN", "CZK", "COP", "BKRW", "VAI",
  ].sorted { $0.count > $1.count }

  private static let buyWords: Set<String> = ["buy", "compra", "nákup", "koupit"]
  private static let sellWords: Set<String> = ["sell", "venta", "prodej", "prodat"]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      /// A figure and its ticker; one without (an older export) takes the pair's base or
      /// quote, the pair split only then.
      func amount(_ key: String, base: Bool?) throws(ImportError) -> ImportedAmount {
        guard let reading = ImportNumber.read(row.text(key)) else {
          throw row.failValue(key, "an amount and its ticker such as 0.5BTC")
        }
        if ImportNumber.isTicker(reading.unit) {
          return ImportedAmount(abs(reading.value), TickerRules.plain(reading.unit))
        }
        let pair = base.flatMap { _ in TickerRules.split(pair: row.text("Pair"), quotes: quotes) }
        if reading.unit.isEmpty, let pair, let base {
          return ImportedAmount(
            abs(reading.value), TickerRules.plain(base ? pair.base : pair.quote))
        }
        guard reading.unit.isEmpty, reading.value == 0 else {
          throw row.failValue(key, "an amount and its ticker such as 0.5BTC")
        }
        return ImportedAmount(0, .coin(""))
      }
      let coins = try amount("Executed", base: true)
      let money = try amount("Amount", base: false)
      let fee = try amount("Fee", base: nil)
      try trade(row, coins: coins, money: money, fee: fee, &log)
    }
  }

  static func readOlder(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      guard let (base, quote) = TickerRules.split(pair: row.text("Market"), quotes: quotes) else {
        throw row.failValue("Market", "a market such as ETHBTC")
      }
      let coins = ImportedAmount(abs(try row.number("Amount")), TickerRules.plain(base))
      let money = ImportedAmount(abs(try row.number("Total")), TickerRules.plain(quote))
      let fee = ImportedAmount(
        abs(try row.optionalNumber("Fee") ?? 0), TickerRules.plain(row.text("Fee Coin")))
      try trade(row, coins: coins, money: money, fee: fee, side: "Type", &log)
    }
  }

  private static func trade(
    _ row: SourceRow, coins: ImportedAmount, money: ImportedAmount, fee: ImportedAmount,
    side: String = "Side", _ log: inout EventLog
  ) throws(ImportError) {
    let origin = EventOrigin(line: row.line, date: try row.date("Date(UTC)"))
    let word = row.text(side).lowercased()
    if buyWords.contains(word) {
      try log.exchange(
        origin, spent: money, received: coins, fees: [fee], feeColumn: row.columnName("Fee"))
    } else if sellWords.contains(word) {
      try log.exchange(
        origin, spent: coins, received: money, fees: [fee], feeColumn: row.columnName("Fee"))
    } else {
      throw row.failValue(side, "BUY or SELL")
    }
  }
}
