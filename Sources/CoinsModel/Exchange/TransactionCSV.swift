import FoundationEssentials

/// The portfolio's transactions as CSV — `coins portfolio export --csv` writes it and
/// `coins portfolio import` reads it:
///
/// `date,type,coin,amount,price,currency,fee,feeCurrency,note,id`
///
/// one row per transaction in the order they count; dates are ISO-8601 UTC, figures exact
/// decimals, unknown values empty, text defused against spreadsheet formulas (``CSVField``).
public enum TransactionCSV {
  /// The header row's fields, in order.
  public static let columns = [
    "date", "type", "coin", "amount", "price", "currency", "fee", "feeCurrency", "note", "id",
  ]

  /// The columns an import file must have; the others may be left out.
  public static let required = ["date", "type", "coin", "amount"]

  /// The CSV text of every transaction.
  public static func render(_ portfolio: Portfolio) -> String {
    var lines = [columns.joined(separator: ",")]
    for entry in HistoryEntry.entries(of: portfolio) {
      let transaction = entry.transaction
      lines.append(
        [
          transaction.date.map(ISO8601Timestamp.formatExact) ?? "", transaction.kind.rawValue,
          CSVField.encode(entry.coin), DecimalInput.text(transaction.amount),
          transaction.price.map(DecimalInput.text) ?? "",
          CSVField.encode(transaction.currency ?? ""),
          transaction.fee.map(DecimalInput.text) ?? "",
          CSVField.encode(transaction.feeCurrency ?? ""),
          CSVField.encode(transaction.note ?? ""), CSVField.encode(transaction.id),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every row of `text` as a transaction and its coin, each checked; the first bad row or
  /// field is thrown with its line and column.
  public static func parse(_ text: String) throws(ImportError) -> [ImportRow] {
    let rows: [(line: Int, fields: [String])]
    do {
      rows = try CSVReader.rows(text)
    } catch {
      throw ImportError(line: error.line, column: nil, reason: "not CSV: \(error.reason)")
    }
    guard let header = rows.first else {
      throw ImportError(line: 1, column: nil, reason: "the file is empty")
    }
    let names = header.fields.map { $0.trimmingWhitespace() }
    for column in required where !names.contains(column) {
      throw ImportError(
        line: header.line, column: nil,
        reason: "the header has no column '\(column)' (expected \(columns.joined(separator: ",")))")
    }
    for name in names where !columns.contains(name) || names.filter({ $0 == name }).count > 1 {
      throw ImportError(
        line: header.line, column: nil,
        reason: "the header's column '\(Sanitizer.printable(name))' is unknown or repeated "
          + "(expected \(columns.joined(separator: ",")))")
    }
    var result: [ImportRow] = []
    for row in rows.dropFirst() {
      guard row.fields.count == names.count else {
        throw ImportError(
          line: row.line, column: nil,
          reason: "\(row.fields.count) fields where the header has \(names.count)")
      }
      result.append(try ImportRow(row.fields, columns: names, line: row.line))
    }
    return result
  }
}
