import CoinsImport
import CoinsModel
import CoinsPresentation
import CoinsSupport

extension ImportSummary {
  /// The balances the file states against what the wallet's transactions add up to, as lines
  /// of the summary, coins named by `names` (``shownNames(_:)``).
  func balanceLines(names: CoinNames) -> [String] {
    guard !balances.isEmpty || !unmappedBalances.isEmpty else { return [] }
    let differing = balances.filter { !$0.agrees }.count + unmappedBalances.count
    let agreeing = balances.count - balances.filter { !$0.agrees }.count
    var lines = [
      "Balances the file states: \(agreeing) equal, \(differing) "
        + "differ\(differing == 1 ? "s" : "")."
    ]
    for reconciliation in balances.prefix(20) {
      lines.append(
        "  " + BalanceReconciliationView.line(reconciliation, withFile: false, names: names))
    }
    if balances.count > 20 { lines.append("  and \(balances.count - 20) more") }
    for stated in unmappedBalances.prefix(10) {
      lines.append(
        "  \(Sanitizer.printable(stated.asset.code)): line \(stated.line) states "
          + "\(DecimalInput.text(stated.amount)); no row of it became a transaction.")
    }
    return lines
  }

  /// `"statedBalances"` and `"unmappedBalances"`, for the JSON summary.
  var balanceMembers: [JSONMember] {
    [
      JSONMember("statedBalances", .array(balances.map(BalanceReconciliationView.json))),
      JSONMember(
        "unmappedBalances",
        .array(
          unmappedBalances.map {
            .object([
              JSONMember("ticker", .string(Sanitizer.printable($0.asset.code))),
              JSONMember("stated", .string(DecimalInput.text($0.amount))),
              JSONMember("line", .number(String($0.line))),
            ])
          })),
    ]
  }

  /// The last line: how many transactions were (or would be) imported, and how they add up
  /// from the `Transactions:` count above (those already there left out, stand-ins for coins
  /// held before the export added).
  var closingLine: String {
    let total = plan.rows.count
    let added = outcome.added + outcome.covered.count
    let noun = "transaction\(added == 1 ? "" : "s")"
    var parts: [String] = []
    let fromRows = outcome.added
    if fromRows + outcome.alreadyThere != total || !outcome.covered.isEmpty {
      parts.append("\(fromRows) of the \(total) above")
      if !outcome.covered.isEmpty {
        let stand = outcome.covered.count
        parts.append(
          "\(stand) stand-in\(stand == 1 ? "" : "s") for coins held before the export")
      }
    }
    let made = parts.isEmpty ? "" : " (" + parts.joined(separator: " and ") + ")"
    let priced = outcome.pricedNow > 0 ? ", \(outcome.pricedNow) of them priced now" : ""
    let there = outcome.alreadyThere > 0 ? "; \(outcome.alreadyThere) already there\(priced)" : ""
    return dryRun
      ? "Dry run: \(added) \(noun)\(made) would be imported into \(intoWallets)\(there); "
        + "nothing was written."
      : "Imported \(added) \(noun)\(made) into \(intoWallets)\(there)."
  }
}
