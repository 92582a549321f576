import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio undo`: takes back the last change the journal records, or change
/// `--change <n>`, or removes one transaction (`undo <id>`), refused when a later sell or
/// transfer out would then take more than was held.
struct PortfolioUndoCommand: RunnableCommand, Equatable {
  /// The transaction's id, as `coins portfolio history` shows it; `nil` takes back a change.
  var transactionID: String?
  /// The change to take back (`--change`); `nil` with no id: the last.
  var change: Int? = nil
  /// The portfolio file, when given with `--file`.
  var file: String?

  static let changeOption = CommandSpec.Option(
    name: "--change", valueName: "n",
    help: "Take back change <n> (see coins portfolio log) instead of the last.")

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    guard let transactionID else {
      let outcome: UndoOutcome
      do {
        outcome = try store.undo(change.map(UndoTarget.change) ?? .last)
      } catch {
        throw CommandFailure(error)
      }
      let undone = outcome.undone
      context.stdout.write(
        "Took back change \(undone.number) (\(undone.commandText)), which "
          + "\(undone.summary).\n"
          + (outcome.restoredExactly
            ? "The portfolio file is byte for byte as it was before it.\n"
            : "Later changes are kept.\n"))
      return
    }
    let names = await context.heldCoins().names()
    var partner: Transaction?
    let (coin, removed) = try context.updatePortfolio(store, names: names) { portfolio in
      let found = portfolio.transaction(id: transactionID)
      partner = found.flatMap { portfolio.holding(id: $0.coin)?.movePartner(of: transactionID) }
      return try portfolio.undo(transactionID)
    }
    if let partner {
      context.stdout.write(Self.moveRemoved(removed, partner, coin: names.symbol(of: coin)))
      return
    }
    var text =
      "Removed transaction \(removed.id): \(TransactionWords.kind(removed.kind)) "
      + "\(DecimalInput.text(removed.amount)) \(names.symbol(of: coin))"
    if let date = removed.date { text += " on \(DateInput.dayText(date))" }
    if let price = removed.price {
      text += " at \(context.money(price, removed.priceCurrency)) per coin"
    }
    context.stdout.write(text + ".\n")
  }

  /// `Removed transactions 3 and 4: the move of 0.5 bitcoin from coinbase to kraken on
  /// 2024-07-01 (0.49 arrived).`
  static func moveRemoved(_ removed: Transaction, _ partner: Transaction, coin: String) -> String {
    let (out, arrival) = removed.kind == .transferOut ? (removed, partner) : (partner, removed)
    let ids = [out.id, arrival.id].sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
    var text =
      "Removed transactions \(ids[0]) and \(ids[1]): the move of \(DecimalInput.text(out.amount)) "
      + "\(coin) from \(out.wallet) to \(arrival.wallet)"
    if let date = out.date { text += " on \(DateInput.dayText(date))" }
    if arrival.amount != out.amount { text += " (\(DecimalInput.text(arrival.amount)) arrived)" }
    return text + ".\n"
  }
}

extension PortfolioCommand {
  static let undoSpec = CommandSpec(
    path: ["portfolio", "undo"],
    abstract: "Take back the last change, change <n>, or one transaction by its id.",
    discussion: """
      With no argument, takes back the last change the journal records (coins portfolio log)
      that is still in effect — an import of thousands of rows as much as one add. While no
      change came after it, the file is restored byte for byte. With --change <n>, takes back
      change n, refused when a later change still in effect touches the same transactions or
      refers to them (name it and take it back first). Taking back an undo makes its change
      again. With an id, removes that transaction (a move's two halves together), refused when
      a later sell or transfer out would then take more than was held. Every undo is itself a
      change in the journal; a refusal writes nothing.

      Examples:
        coins portfolio undo
        coins portfolio undo --change 3
        coins portfolio undo 7
      """,
    arguments: [
      .init(
        name: "id", help: "The transaction's id (see coins portfolio history).", isOptional: true)
    ],
    options: [PortfolioUndoCommand.changeOption, fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "undo"]
      let id = parsed.positionals.first
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      if let id, id.isEmpty {
        throw UsageError("Missing expected argument '<id>'", commandPath: path)
      }
      var change: Int?
      if let text = parsed.value(PortfolioUndoCommand.changeOption) {
        guard let number = Int(text), number >= 1 else {
          throw UsageError(
            "The value '\(text)' is invalid for '--change <n>': give a change number "
              + "(coins portfolio log).", commandPath: path)
        }
        guard id == nil else {
          throw UsageError(
            "Give a transaction id or --change <n>, not both.", commandPath: path)
        }
        change = number
      }
      return PortfolioUndoCommand(transactionID: id, change: change, file: parsed.value(fileOption))
    })
}
