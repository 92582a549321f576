import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Gemini's transaction history, saved as CSV from its spreadsheet: seven fixed columns, then
/// for each asset held `<A> Amount <A>`, `Fee (<A>) <A>` (or `Fee <A>`) and `<A> Balance <A>`,
/// then the ids. Figures keep the spreadsheet's display: `($53.62)` is minus 53.62 dollars,
/// `"$11,093.73 "`, `0.2092 BTC `. A Buy or Sell names its pair (`BTCUSD`); a Credit or Debit
/// one asset, its Specification saying what it was. The last row, `Totals`, has no date.
enum GeminiFormat {
  static let format = ImportFormat(
    "gemini", "Gemini transaction history",
    [
      FormatVersion(
        "transaction history",
        open: [
          "Date", "Time (UTC)", "Type", "Symbol", "Specification", "Liquidity Indicator",
          "Trading Fee Rate (bps)",
        ], read: read)
    ])

  private static let quotes = [
    "GUSD", "USDT", "USDC", "USD", "EUR", "GBP", "SGD", "CAD", "AUD", "HKD", "BTC", "ETH", "DAI",
  ]

  /// An asset's three columns, by the names the header gives them.
  private struct AssetColumns {
    var amount: String
    var fee: String?
    var balance: String?
  }

  /// A column by its name (for messages) and its position (to read it without hashing the name).
  private struct Column {
    var name: String
    var index: Int?
  }

  /// Where each asset's columns are, worked out once from the header.
  private struct Columns: Sendable {
    var amounts: [String: Column]
    var fees: [String: Column]
    /// Each asset's balance column, by the asset's code.
    var balances: [(asset: ImportedAsset, name: String)]
    var balanceIndices: [Int?]
    /// The columns every row is read by, each looked up once (not by name for each row).
    var date, time, type, symbol, tradeID, specification: ResolvedColumn

    init(_ map: ColumnMap) {
      func resolved(_ key: String) -> ResolvedColumn {
        ResolvedColumn(columnKey: key, index: map.keys[key])
      }
      (date, time, type) = (resolved("Date"), resolved("Time (UTC)"), resolved("Type"))
      (symbol, tradeID) = (resolved("Symbol"), resolved("Trade ID"))
      specification = resolved("Specification")
      var assets: [String: AssetColumns] = [:]
      for name in map.names {
        let words = name.split(separator: " ")
        guard words.count >= 2, let asset = words.last.map(String.init) else { continue }
        if words.count == 3, words[0] == words[2], words[1] == "Amount" {
          assets[asset, default: AssetColumns(amount: name)].amount = name
        } else if words.count == 3, words[0] == words[2], words[1] == "Balance" {
          assets[asset, default: AssetColumns(amount: "")].balance = name
        } else if words[0] == "Fee" {
          assets[asset, default: AssetColumns(amount: "")].fee = name
        }
      }
      func column(_ name: String) -> Column { Column(name: name, index: map.keys[name]) }
      amounts = assets.mapValues { column($0.amount) }
      fees = assets.compactMapValues { $0.fee.map(column) }
      // Each asset's balance: only the latest row's is read (every row states them all).
      balances = assets.compactMap { code, columns in
        columns.balance.map { (TickerRules.plain(code), $0) }
      }.sorted { $0.0.code < $1.0.code }
      balanceIndices = balances.map { map.keys[$0.1] }
    }
  }

  /// Below this many rows, one part: no thread is worth its start.
  private static let partRows = 4_000

  /// The rows read in parts, each on a core of its own (every row stands alone): their events
  /// in order, then each asset's balance on the latest row that states one.
  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    let columns = Columns(table.columns)
    var parts = table.spread.runs(of: table.rows.count, threshold: partRows) { run in
      read(table.rows, run, columns)
    }
    var latest: [(date: Date, row: Int)?] = Array(repeating: nil, count: columns.balances.count)
    for place in parts.indices {
      if let error = parts[place].error { throw error }
      log.append(&parts[place].log)
      for (index, found) in parts[place].latest.enumerated() {
        guard let found else { continue }
        if let held = latest[index], held.date > found.date { continue }
        latest[index] = found
      }
    }
    for (index, (asset, name)) in columns.balances.enumerated() {
      guard let (date, place) = latest[index] else { continue }
      let row = table.rows[place]
      let column = Column(name: name, index: table.columns.keys[name])
      guard let balance = (try? figure(row, column)) ?? nil else { continue }
      log.state(asset, balance, line: row.line, date: date)
    }
  }

  /// What a part of the rows made: its events, for each balance column the latest of its rows
  /// that states one (by place in the table; of one time, the lower), or the first row that
  /// cannot be read.
  private struct Part: Sendable {
    var log = EventLog()
    var latest: [(date: Date, row: Int)?]
    var error: ImportError?
  }

  private static func read(_ rows: [SourceRow], _ run: Range<Int>, _ columns: Columns) -> Part {
    var part = Part(latest: Array(repeating: nil, count: columns.balances.count))
    part.log.events.reserveCapacity(run.count)
    do {
      for place in run {
        try read(rows[place], place, columns, &part)
      }
    } catch {
      part.error = error
    }
    return part
  }

  private static func read(
    _ row: SourceRow, _ place: Int, _ columns: Columns, _ part: inout Part
  ) throws(ImportError) {
    guard let day = row.optionalText(columns.date) else {
      part.log.skip(row.line, .restated)
      return
    }
    let written = day + " " + row.text(columns.time)
    guard let date = ImportDate.read(written)?.date(in: .utc) else {
      throw row.failValue(columns.date, "a date and time such as 2018-01-02 02:30:10.102")
    }
    // The row by its place in the table: no copy of it (a retain of its cells) per balance.
    for (index, column) in columns.balanceIndices.enumerated() where row.hasValue(at: column) {
      if let held = part.latest[index], held.date > date { continue }
      part.latest[index] = (date, place)
    }
    let type = row.text(columns.type)
    let symbol = row.text(columns.symbol)
    let origin = EventOrigin(
      line: row.line, date: date, id: row.optionalText(columns.tradeID),
      note: row.text(columns.specification))
    func amount(_ asset: String) throws(ImportError) -> ImportedAmount {
      guard let column = columns.amounts[asset], let value = try figure(row, column) else {
        throw row.fail(columns.symbol, "no \(asset) Amount \(asset) column for \(symbol)")
      }
      return ImportedAmount(abs(value), TickerRules.plain(asset))
    }
    func fees(_ asset: String) throws(ImportError) -> [ImportedAmount] {
      guard let column = columns.fees[asset], let value = try figure(row, column) else {
        return []
      }
      return [ImportedAmount(abs(value), TickerRules.plain(asset))]
    }
    let kind = type.lowercased()
    switch kind {
    case "buy", "sell":
      guard let (base, quote) = TickerRules.split(pair: symbol, quotes: quotes) else {
        throw row.failValue(columns.symbol, "a pair such as BTCUSD")
      }
      let coins = try amount(base)
      let money = try amount(quote)
      let paid = try fees(quote) + fees(base)
      if kind == "buy" {
        try part.log.exchange(origin, spent: money, received: coins, fees: paid)
      } else {
        try part.log.exchange(origin, spent: coins, received: money, fees: paid)
      }
    case "credit", "debit":
      let moved = try amount(TickerRules.plain(symbol).code)
      let specification = row.text(columns.specification).lowercased()
      let incoming = kind == "credit"
      if specification.holds("interest") || specification.holds("earn") {
        try part.log.move(origin, incoming ? .income(.interest) : .withdrawal, moved)
      } else if specification.holds("reward") || specification.holds("promo") {
        try part.log.move(origin, incoming ? .income(.reward) : .withdrawal, moved)
      } else {
        try part.log.move(
          origin, incoming ? .deposit : .withdrawal, moved, fees: try fees(symbol))
      }
    default:
      part.log.skip(row.line, .unknownType(type))
    }
  }

  /// A figure as the spreadsheet showed it: parentheses for minus, a `$` or the asset's
  /// ticker beside it, commas grouping thousands; `nil` when empty.
  private static func figure(_ row: SourceRow, _ column: Column) throws(ImportError) -> Decimal? {
    var text = Substring(row.text(at: column.index))
    if text.isEmpty { return nil }
    let negative = text.hasPrefix("(") && text.hasSuffix(")")
    if negative { text = text.dropFirst().dropLast() }
    guard let reading = ImportNumber.read(text),
      ImportNumber.isSign(reading.unit) || ImportNumber.isTicker(reading.unit)
    else { throw row.failValue(column.name, "a number such as ($53.62) or 0.2092 BTC") }
    return negative ? -reading.value : reading.value
  }
}

extension String {
  /// Whether `part` occurs in the text: byte by byte when both are ASCII (`contains` walked
  /// characters, 15,000 instructions a call), else as `contains` reads it.
  fileprivate func holds(_ part: String) -> Bool {
    let ascii = utf8.allSatisfy { $0 < 0x80 } && part.utf8.allSatisfy { $0 < 0x80 }
    guard ascii else { return contains(part) }
    let text = Array(utf8)
    let wanted = Array(part.utf8)
    guard wanted.count <= text.count else { return wanted.isEmpty }
    for start in 0...(text.count - wanted.count)
    where text[start..<start + wanted.count].elementsEqual(wanted) {
      return true
    }
    return false
  }
}
