import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio history`: every transaction with its id, date, type, amount, price, fee
/// and, for a sale, its realized profit or loss — as a table, JSON or CSV.
package enum TransactionHistoryView {
  /// What `history` prints when there is nothing to list.
  package static let emptyMessage = "No transactions recorded.\n"

  /// A table, one row per transaction, coins named by symbol; the halves of a move between
  /// wallets are `move out` and `move in`, and a Wallet column shows when some transaction is
  /// not in `default`. When the notes do not fit as a column, each goes on a line of its own
  /// under its transaction (indented), so neither they nor the other columns are cut.
  package static func text(
    _ entries: [HistoryEntry], names: CoinNames = CoinNames(), width: Int
  ) -> String {
    let moved = Set(entries.compactMap(\.transaction.movedFrom))
    let names = names.among(entries.map(\.coin))
    let rows = entries.map { entry -> [String] in
      let transaction = entry.transaction
      let style = CurrencyStyle(code: transaction.priceCurrency)
      let feeStyle = CurrencyStyle(code: transaction.feeCurrencyOrDefault)
      var kind = TransactionWords.kind(transaction.kind)
      if transaction.movedFrom != nil {
        kind = "move in"
      } else if transaction.kind == .transferOut, moved.contains(transaction.id) {
        kind = "move out"
      }
      return [
        transaction.id, transaction.date.map(DateInput.dayText) ?? "—", kind,
        names.symbol(of: entry.coin), Sanitizer.printable(transaction.wallet),
        DecimalInput.text(transaction.amount),
        transaction.price.map { NumberFormat.price($0.doubleValue, currency: style) } ?? "—",
        transaction.fee.map { NumberFormat.price($0.doubleValue, currency: feeStyle) } ?? "",
        entry.realized.map { gain in
          MoneyFormat.signed(gain.gain, currency: style, unknown: "unknown")
        } ?? "",
        Sanitizer.printable(transaction.note ?? ""),
      ]
    }
    let headers = [
      "ID", "Date", "Type", "Coin", "Wallet", "Amount", "Price", "Fee", "Realized P/L", "Note",
    ]
    // Room runs out: the wallet goes under its row, "Realized P/L" becomes "P/L", then the fee,
    // the realized profit, the price and the date give way; the coin is never cut
    // (docs/portfolio.md).
    let dropOrders = [4: 0, 7: 1, 8: 2, 6: 3, 1: 4]
    var columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: rows.map { $0[index] },
        alignRight: [0, 5, 6, 7, 8].contains(index),
        dropOrder: dropOrders[index],
        identifying: index == 3, wrapsUnderRow: index == 4,
        shortHeader: index == 8 ? "P/L" : nil)
    }
    if !entries.contains(where: { $0.transaction.wallet != Transaction.defaultWallet }) {
      columns.remove(at: 4)
    }
    let style = TextStyle(enabled: false)
    let notes = rows.map { $0[9] }
    let noteWidth = notes.map(DisplayWidth.of).max() ?? 0
    let others = Array(columns.dropLast())
    let othersWidth = TableLayout.fit(others, width: .max).reduce(0) { $0 + $1.width + 2 }
    if noteWidth == 0 || othersWidth + min(max(noteWidth, 4), 40) <= width {
      let fitting = noteWidth == 0 ? others : columns
      return TableLayout.render(fitting, width: width, style: style).joined(separator: "\n") + "\n"
    }
    var lines: [String] = []
    for (index, group) in TableLayout.lineGroups(others, width: width, style: style).enumerated() {
      lines.append(contentsOf: group)
      if index > 0, !notes[index - 1].isEmpty {
        lines.append(DisplayWidth.truncate("    Note: " + notes[index - 1], to: max(width, 20)))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The CSV header.
  static let csvHeader =
    "id,date,type,coin,amount,price,currency,fee,feeCurrency,realizedPnl,note,wallet,movedFrom,"
    + "provenance"

  /// One CSV row per transaction after a header; unknown figures are empty fields.
  package static func csv(_ entries: [HistoryEntry]) -> String {
    var lines = [csvHeader]
    for entry in entries {
      let transaction = entry.transaction
      lines.append(
        [
          CSVField.report(transaction.id),
          transaction.date.map(ISO8601Timestamp.format) ?? "", transaction.kind.rawValue,
          CSVField.report(entry.coin), DecimalInput.text(transaction.amount),
          transaction.price.map(DecimalInput.text) ?? "",
          CSVField.report(transaction.priceCurrency),
          transaction.fee.map(DecimalInput.text) ?? "",
          CSVField.report(transaction.feeCurrencyOrDefault),
          realized(entry.realized, in: transaction.priceCurrency).map {
            MoneyRounding.fixedText($0, in: transaction.priceCurrency)
          } ?? "",
          CSVField.report(transaction.note ?? ""), CSVField.report(transaction.wallet),
          CSVField.report(transaction.movedFrom ?? ""),
          ProvenanceText.csv(provenance(of: transaction)),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How a transaction's price was had, in its own currency (history converts nothing); `nil`
  /// for a transfer out and for a move's arrival, which have no price of their own.
  static func provenance(of transaction: Transaction) -> FigureProvenance? {
    guard transaction.kind != .transferOut, transaction.movedFrom == nil else { return nil }
    return FigureProvenance(of: transaction)
  }

  /// A sale's realized profit or loss rounded to its currency's minor unit; `nil` when unknown
  /// or not a sale.
  static func realized(_ gain: RealizedGain?, in currency: String) -> Decimal? {
    MoneyRounding.rounded(gain?.gain, in: currency)
  }

}
