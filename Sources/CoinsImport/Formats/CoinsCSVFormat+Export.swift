import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// coins' own export (`coins portfolio export --csv`, ``TransactionCSV``): every member of every
/// transaction, read back exactly as written — its id, the CoinGecko id of its coin (`coinId`,
/// taken as written: no ticker to look up), its figures as exact decimals and its time to the
/// millisecond, income, unknown cost, the exchange's id, wallet and move, and where a price
/// came from — so that importing it
/// into an empty portfolio rebuilds the same transactions. Its rows are in the order they count
/// and are kept in that order.
extension CoinsCSVFormat {
  /// The version's name: what the summary says the file was.
  static let exportVersion = "export v2"

  static let export = FormatVersion(
    exportVersion, required: ["date", "type", "coinId", "amount"],
    optional: [
      "price", "currency", "fee", "feeCurrency", "note", "id", "wallet", "movedFrom", "income",
      "costUnknown", "exchangeId", "priceSource",
    ], read: readExport)

  static func readExport(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      guard let kind = TransactionKind(rawValue: row.text("type").lowercased()) else {
        throw row.failValue("type", "one of buy, sell, in, out")
      }
      let coin = row.text("coinId")
      guard !coin.isEmpty, coin.count <= 100, SafeName.of(coin) == coin, coin.lowercased() == coin
      else { throw row.failValue("coinId", "a CoinGecko id such as bitcoin") }
      var transaction = Transaction(kind: kind, amount: try exact(row, "amount", positive: true)!)
      transaction.date = try row.optionalText("date").map { text throws(ImportError) in
        guard let date = ISO8601Timestamp.parse(text) else {
          throw row.failValue("date", "a time such as 2026-01-02T10:30:00.000Z")
        }
        return date
      }
      transaction.price = try exact(row, "price")
      transaction.currency = try currency(row, "currency")
      transaction.fee = try exact(row, "fee")
      transaction.feeCurrency = try currency(row, "feeCurrency")
      transaction.note = row.optionalText("note").map(CSVField.decode)
      if let id = row.optionalText("id").map(CSVField.decode) {
        guard id.count <= 64, Sanitizer.clean(id) == id, !id.contains(",") else {
          throw row.failValue("id", "a transaction id such as 12")
        }
        transaction.id = id
      }
      if let wallet = row.optionalText("wallet").map(CSVField.decode) {
        guard let name = WalletName.normalized(wallet) else {
          throw row.failValue("wallet", "a wallet name such as kraken")
        }
        transaction.wallet = name
      }
      if let from = row.optionalText("movedFrom").map(CSVField.decode) {
        guard kind == .transferIn, from.count <= 64, Sanitizer.clean(from) == from else {
          throw row.failValue("movedFrom", "the id of a transfer out, on an 'in' row")
        }
        transaction.movedFrom = from
      }
      transaction.isIncome = try flag(row, "income")
      transaction.costUnknown = try flag(row, "costUnknown")
      if transaction.isIncome || transaction.costUnknown, kind != .transferIn {
        throw row.fail(
          transaction.isIncome ? "income" : "costUnknown", "is only for an 'in' row")
      }
      transaction.externalID = row.optionalText("exchangeId").map(CSVField.decode)
        .map { String(Sanitizer.clean($0).prefix(128)) }
      transaction.priceSource = row.optionalText("priceSource").map(CSVField.decode)
        .map { String(Sanitizer.clean($0).prefix(128)) }
      let held = ImportedAmount(transaction.amount, .coin(coin))
      let action: ImportedAction
      switch kind {
      case .buy: action = .buy(coin: held, money: nil)
      case .sell: action = .sell(coin: held, money: nil)
      case .transferIn: action = .deposit(held)
      case .transferOut: action = .withdrawal(held)
      }
      var event = ImportedEvent(
        line: row.line, date: transaction.date, action: action, id: transaction.id,
        note: transaction.note)
      if row.optionalText("wallet") != nil { event.wallet = transaction.wallet }
      event.recorded = transaction
      log.events.append(event)
    }
  }

  /// The exact decimal in the cell (as the export writes it: digits and a point); `nil` when
  /// empty.
  private static func exact(_ row: SourceRow, _ key: String, positive: Bool = false)
    throws(ImportError) -> Decimal?
  {
    let text = row.text(key)
    if text.isEmpty, !positive { return nil }
    guard let value = DecimalInput.parse(text), !positive || value > 0 else {
      throw row.failValue(key, positive ? "a positive number such as 0.5" : "a number such as 0.5")
    }
    return value
  }

  /// A currency code as the export writes it (`usd`, `eur`, `btc`); `nil` when empty.
  private static func currency(_ row: SourceRow, _ key: String) throws(ImportError) -> String? {
    guard let text = row.optionalText(key) else { return nil }
    let code = text.lowercased()
    guard code.count <= 10, SafeName.of(code) == code else {
      throw row.failValue(key, "a currency such as usd")
    }
    return code
  }

  /// `true` for `true` (or `yes`, `1`), `false` for an empty cell (or `false`, `no`, `0`).
  private static func flag(_ row: SourceRow, _ key: String) throws(ImportError) -> Bool {
    switch row.text(key).lowercased() {
    case "true", "yes", "1": return true
    case "", "false", "no", "0": return false
    default: throw row.failValue(key, "true or empty")
    }
  }
}
