#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio's transactions as CSV — `coins portfolio export --csv` writes it and
/// `coins portfolio import` reads it (through `CoinsImport`'s reader of it, as every format):
///
/// `date,type,coinId,amount,price,currency,fee,feeCurrency,note,id,wallet,movedFrom,income,`
/// `costUnknown,exchangeId,priceSource`
///
/// one row per transaction in the order they count, every member a transaction has: dates
/// ISO-8601 UTC to the millisecond, figures exact decimals, the coin as its CoinGecko id,
/// `true` or empty for the flags, unknown values empty, text defused against spreadsheet
/// formulas (``CSVField``). Importing it into an empty portfolio rebuilds the same
/// transactions, ids included. (Before December 2026 the export wrote the first twelve
/// columns, the coin headed `coin`; such files are read as they always were.)
public enum TransactionCSV {
  /// The header row's fields, in order. A member the model gains gets a column of its own
  /// after these, written by ``render(_:spread:)`` and read back by the export's reader in
  /// `CoinsImport` (`CoinsCSVFormat+Export`).
  public static let columns = [
    "date", "type", "coinId", "amount", "price", "currency", "fee", "feeCurrency", "note", "id",
    "wallet", "movedFrom", "income", "costUnknown", "exchangeId",
    "priceSource",
  ]

  /// The CSV text of every transaction, in the order `coins portfolio history` lists them
  /// (``HistoryListing``); a long history's ledgers made as `spread` runs them.
  public static func render(_ portfolio: Portfolio, spread: any WorkSpread) -> String {
    var lines = [columns.joined(separator: ",")]
    func flag(_ value: Bool) -> String { value ? "true" : "" }
    for entry in HistoryListing(of: portfolio, spread: spread).entries {
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
          flag(transaction.isIncome), flag(transaction.costUnknown),
          CSVField.encode(transaction.externalID ?? ""),
          CSVField.encode(transaction.priceSource ?? ""),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
