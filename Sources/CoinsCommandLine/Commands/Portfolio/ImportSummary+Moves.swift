import CoinsImport
import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ImportSummary {
  /// The plan's unknown costs but the deposits that became moves' arrivals (their coins keep
  /// the cost they had in the wallet they left).
  var unknownCosts: [UnknownCost] {
    plan.unknownCosts.filter { !(outcome.pairedLines.contains($0.line) && $0.reason == .deposit) }
  }

  /// The moves between wallets the import paired, and the transfers it could not pair, as
  /// lines of the summary, coins named by `names` (``shownNames(_:)``).
  func moveLines(names: CoinNames) -> [String] {
    var lines: [String] = []
    let removed = outcome.heldBeforeRemoved
    if removed > 0 {
      lines.append(
        "Removed \(removed) earlier \"held before the export\" transfer\(removed == 1 ? "" : "s") "
          + "of unknown cost: this export brings those coins in.")
    }
    for move in outcome.moves.prefix(10) {
      var line =
        "Moved between wallets: \(DecimalInput.text(move.out.amount)) \(names.symbol(of: move.coin)) from "
        + "\(move.out.wallet) to \(move.arrival.wallet)"
      if let date = move.out.date { line += " on \(DateInput.dayText(date))" }
      if move.arrival.amount != move.out.amount {
        line += " (\(DecimalInput.text(move.arrival.amount)) arrived)"
      }
      lines.append(line + ", transactions \(move.out.id) and \(move.arrival.id): cost kept.")
    }
    if outcome.moves.count > 10 { lines.append("  and \(outcome.moves.count - 10) more moves") }
    let unpaired = outcome.unpaired
    guard !unpaired.isEmpty else { return lines }
    lines.append("Not paired as a move (\(unpaired.count)):")
    for entry in unpaired.prefix(10) {
      lines.append(
        "  transaction \(entry.transaction.id) (line \(entry.line)): "
          + Self.describe(entry.transaction, coin: names.symbol(of: entry.coin)))
    }
    if unpaired.count > 10 { lines.append("  and \(unpaired.count - 10) more") }
    lines.append(
      "  Import the other wallet's export to pair them, or pair one with "
        + "coins portfolio transfer link <out-id> <in-id>.")
    return lines
  }

  /// `deposit of 1.5 ETH into kraken, cost unknown` (`coin` as the summary names it).
  static func describe(_ transaction: Transaction, coin: String) -> String {
    let amount = "\(DecimalInput.text(transaction.amount)) \(coin)"
    guard transaction.kind == .transferIn else {
      return "withdrawal of \(amount) from \(transaction.wallet)"
    }
    let cost = transaction.costUnknown ? ", cost unknown" : ""
    return "deposit of \(amount) into \(transaction.wallet)\(cost)"
  }

  /// `"moves"` and `"unpaired"`, for the JSON summary.
  var moveMembers: [JSONMember] {
    func number(_ value: Int) -> JSONValue { .number(String(value)) }
    return [
      JSONMember("heldBeforeRemoved", number(outcome.heldBeforeRemoved)),
      JSONMember(
        "moves",
        .array(
          outcome.moves.map { move in
            .object([
              JSONMember("coin", .string(move.coin)),
              JSONMember("from", .string(move.out.wallet)),
              JSONMember("to", .string(move.arrival.wallet)),
              JSONMember("amount", .string(DecimalInput.text(move.out.amount))),
              JSONMember("arrived", .string(DecimalInput.text(move.arrival.amount))),
              JSONMember("out", .string(move.out.id)), JSONMember("in", .string(move.arrival.id)),
            ])
          })),
      JSONMember(
        "unpaired",
        .array(
          outcome.unpaired.map { entry in
            .object([
              JSONMember("line", number(entry.line)), JSONMember("coin", .string(entry.coin)),
              JSONMember(
                "type", .string(entry.transaction.kind == .transferIn ? "deposit" : "withdrawal")),
              JSONMember("id", .string(entry.transaction.id)),
              JSONMember("amount", .string(DecimalInput.text(entry.transaction.amount))),
              JSONMember("wallet", .string(entry.transaction.wallet)),
            ])
          })),
    ]
  }
}
