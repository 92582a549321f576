import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Stated balances against computed ones, as lines of text and as JSON: the import summary,
/// `reconcile` and `check` say it the same way.
package enum BalanceReconciliationView {
  /// `BTC in 'kraken'` (or `BTC in all wallets`): the coin as `names` names it.
  package static func subject(_ reconciliation: BalanceReconciliation, names: CoinNames) -> String {
    "\(names.symbol(of: reconciliation.coin)) in "
      + (reconciliation.wallet.map { "'\($0)'" } ?? "all wallets")
  }

  /// Where a statement comes from: `line 14`, `ledgers.csv line 14`, `--expect`.
  package static func origin(_ statement: BalanceStatement, withFile: Bool) -> String {
    guard let line = statement.line else {
      return statement.file ?? "as stated"
    }
    if withFile, let file = statement.file { return "\(file) line \(line)" }
    return "line \(line)"
  }

  /// `2026-03-01 14:00:00 UTC`, or `now` for an undated statement.
  private static func when(_ statement: BalanceStatement) -> String {
    statement.date.map(time) ?? "now"
  }

  /// `2026-03-01 14:00:00 UTC` (milliseconds only when there are some).
  package static func time(_ date: Date) -> String {
    var text = ISO8601Timestamp.format(date)
    if text.hasSuffix(".000Z") { text.removeLast(5) } else { text.removeLast() }
    return text.replacing("T", with: " ", maxReplacements: 1) + " UTC"
  }

  /// One line (without indent) for a reconciliation: equal, or where the two part; the coin
  /// named by `names` (``CoinNames``, among the coins the lines show).
  package static func line(
    _ reconciliation: BalanceReconciliation, withFile: Bool, names: CoinNames
  ) -> String {
    let stated = reconciliation.stated
    let amount = DecimalInput.text(reconciliation.computed)
    let head = "\(subject(reconciliation, names: names)): "
    guard let parting = reconciliation.parting else {
      return head + "\(amount), equal to \(origin(stated, withFile: withFile)) (\(when(stated)))."
    }
    var text =
      head + "\(amount) computed, \(DecimalInput.text(stated.amount)) stated by "
      + "\(origin(stated, withFile: withFile)) (\(when(stated)))"
    if parting.firstDiffering != stated {
      text +=
        ": they part at \(origin(parting.firstDiffering, withFile: withFile)) "
        + "(\(when(parting.firstDiffering)): \(DecimalInput.text(parting.computedThen)) computed, "
        + "\(DecimalInput.text(parting.firstDiffering.amount)) stated)"
    }
    if let agreeing = parting.lastAgreeing {
      text += "; they still agree at \(origin(agreeing, withFile: withFile)) (\(when(agreeing)))"
      if let last = parting.lastAgreeingTransaction {
        text += ", after transaction \(last.id)"
      }
    } else {
      text += "; no earlier stated balance agrees, so counting from nothing held"
    }
    if let first = parting.firstPartingTransaction {
      text += "; the first transaction after which they part is transaction \(first.id)"
      if let date = first.date { text += " (\(time(date)))" }
      text += "."
    } else {
      text +=
        parting.lastAgreeing == nil
        ? "; no transaction comes before it: one is missing there."
        : "; no transaction lies between the two: one is missing there."
    }
    return text
  }

  /// One JSON object for a reconciliation.
  package static func json(_ reconciliation: BalanceReconciliation) -> JSONValue {
    func statement(_ statement: BalanceStatement) -> [JSONMember] {
      var members = [JSONMember("stated", .string(DecimalInput.text(statement.amount)))]
      members.append(
        JSONMember("date", statement.date.map { .string(ISO8601Timestamp.format($0)) } ?? .null))
      if let file = statement.file { members.append(JSONMember("file", .string(file))) }
      if let line = statement.line { members.append(JSONMember("line", .number(String(line)))) }
      return members
    }
    func transaction(_ transaction: Transaction?) -> JSONValue {
      transaction.map { .string($0.id) } ?? .null
    }
    var members: [JSONMember] = [
      JSONMember("coin", .string(reconciliation.coin)),
      JSONMember("wallet", reconciliation.wallet.map(JSONValue.string) ?? .null),
      JSONMember("computed", .string(DecimalInput.text(reconciliation.computed))),
    ]
    members += statement(reconciliation.stated)
    members.append(JSONMember("agrees", .bool(reconciliation.agrees)))
    if let parting = reconciliation.parting {
      members.append(
        JSONMember(
          "parting",
          .object(
            [
              JSONMember("computed", .string(DecimalInput.text(parting.computedThen)))
            ] + statement(parting.firstDiffering) + [
              JSONMember(
                "lastAgreeing", parting.lastAgreeing.map { .object(statement($0)) } ?? .null),
              JSONMember(
                "lastAgreeingTransaction", transaction(parting.lastAgreeingTransaction)),
              JSONMember(
                "firstPartingTransaction", transaction(parting.firstPartingTransaction)),
            ])))
    } else {
      members.append(JSONMember("parting", .null))
    }
    return .object(members)
  }
}
