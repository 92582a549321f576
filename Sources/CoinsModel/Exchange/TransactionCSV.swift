#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio's transactions as CSV — `coins portfolio export --csv` writes it and
/// `coins portfolio import` reads it (through `CoinsImport`'s reader of it, as every format):
///
/// `date,type,coin,amount,price,currency,fee,feeCurrency,note,id`
///
/// one row per transaction in the order they count; dates are ISO-8601 UTC, figures exact
/// decimals, unknown values empty, text defused against spreadsheet formulas (``CSVField``).
public enum TransactionCSV {
  /// The header row's fields, in order.
  public static let columns = [
    "date", "type", "coin", "amount", "price", "currency", "fee", "feeCurrency", "note", "id",
    "wallet", "movedFrom",
  ]

  /// The CSV text of every transaction; a long history's entries made as `spread` runs them.
  public static func render(_ portfolio: Portfolio, spread: any WorkSpread) -> String {
    var lines = [columns.joined(separator: ",")]
    for entry in HistoryEntry.entries(of: portfolio, spread: spread) {
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
          CSVField.encode(transaction.wallet), CSVField.encode(transaction.movedFrom ?? ""),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
