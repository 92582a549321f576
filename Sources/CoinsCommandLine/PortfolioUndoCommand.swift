import CoinsModel
import CoinsServices
import FoundationEssentials

/// Runs `coins portfolio undo <id>`: removes one transaction, refused when a later sell or
/// transfer out would then take more than was held.
struct PortfolioUndoCommand: RunnableCommand, Equatable {
  /// The transaction's id, as `coins portfolio history` shows it.
  var transactionID: String
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    let names = await context.coinNames()
    do throws(CommandStopped) {
      let (coin, removed) = try context.updatePortfolio(store, names: names) { portfolio in
        try portfolio.undo(transactionID)
      }
      var text =
        "Removed transaction \(removed.id): \(TransactionWords.kind(removed.kind)) "
        + "\(DecimalInput.text(removed.amount)) \(names.symbol(of: coin))"
      if let date = removed.date { text += " on \(DateInput.dayText(date))" }
      if let price = removed.price {
        text += " at \(context.money(price, removed.priceCurrency)) per coin"
      }
      context.stdout.write(text + ".\n")
      return ExitCode.success
    } catch {
      return error.status
    }
  }
}
