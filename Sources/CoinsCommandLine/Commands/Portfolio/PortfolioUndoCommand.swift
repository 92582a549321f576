import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio undo <id>`: removes one transaction, refused when a later sell or
/// transfer out would then take more than was held.
struct PortfolioUndoCommand: RunnableCommand, Equatable {
  /// The transaction's id, as `coins portfolio history` shows it.
  var transactionID: String
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let names = await context.coinNames()
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
    abstract: "Remove one transaction by its id (see coins portfolio history).",
    discussion: """
      Refused, with nothing written, when a later sell or transfer out would then take more
      than was held.

      Example:
        coins portfolio undo 7
      """,
    arguments: [.init(name: "id", help: "The transaction's id.")],
    options: [fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "undo"]
      guard let id = parsed.positionals.first, !id.isEmpty else {
        throw UsageError("Missing expected argument '<id>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PortfolioUndoCommand(transactionID: id, file: parsed.value(fileOption))
    })
}
