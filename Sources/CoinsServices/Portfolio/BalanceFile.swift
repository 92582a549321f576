import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A file of balances the user states, one a row: `date,wallet,coin,amount` (a header row of
/// those names is allowed; an empty date means now, an empty wallet every wallet together).
package enum BalanceFile {
  /// One row as written, the coin not yet resolved.
  package struct Row: Sendable, Equatable {
    /// The row's line.
    package var line: Int
    /// The date as written (`2024-03-01` or a time), empty for now.
    package var date: String
    /// The wallet, `nil` for every wallet.
    package var wallet: String?
    /// The coin as written: a symbol or CoinGecko id.
    package var coin: String
    /// The amount.
    package var amount: Decimal

    /// A row (`line` 0 for one given on the command line).
    package init(line: Int, date: String, wallet: String?, coin: String, amount: Decimal) {
      (self.line, self.date, self.wallet, self.coin, self.amount) = (
        line, date, wallet, coin, amount
      )
    }
  }

  /// Why a row cannot be read.
  package struct Invalid: Error, Equatable {
    /// `line 3: …`.
    package var message: String
  }

  /// The rows of `text`, each checked: four cells, a date `coins` reads, a coin, an amount.
  package static func rows(_ text: String) throws(Invalid) -> [Row] {
    var rows: [Row] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = index + 1
      let cells = raw.split(separator: ",", omittingEmptySubsequences: false).map {
        unquoted(String($0).trimmingWhitespaceAndNewlines())
      }
      if cells.allSatisfy(\.isEmpty) { continue }
      if rows.isEmpty, cells.map({ $0.lowercased() }) == ["date", "wallet", "coin", "amount"] {
        continue
      }
      guard cells.count == 4 else {
        throw Invalid(
          message: "line \(line): expected 4 cells (date,wallet,coin,amount), found "
            + "\(cells.count)")
      }
      if !cells[0].isEmpty, DateInput.parse(cells[0]) == nil {
        throw Invalid(
          message: "line \(line): '\(Sanitizer.printable(cells[0]))' is not a date like "
            + "2024-03-01")
      }
      guard !cells[2].isEmpty else { throw Invalid(message: "line \(line): the coin is empty") }
      guard let amount = DecimalInput.parse(cells[3]), amount >= 0 else {
        throw Invalid(
          message: "line \(line): '\(Sanitizer.printable(cells[3]))' is not an amount like 1.25")
      }
      rows.append(
        Row(
          line: line, date: cells[0], wallet: cells[1].isEmpty ? nil : cells[1], coin: cells[2],
          amount: amount))
    }
    return rows
  }

  /// `text` without the double quotes around it, if it has them.
  private static func unquoted(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
  }
}
