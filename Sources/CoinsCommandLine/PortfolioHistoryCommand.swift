import CoinsModel
import CoinsPresentation
import Foundation

/// Runs `coins portfolio history`: every transaction from the file (no network), as a table,
/// JSON or CSV.
struct PortfolioHistoryCommand: RunnableCommand, Equatable {
  /// Only this coin's transactions (its CoinGecko id as held), when given.
  var coin: String?
  /// Table, JSON or CSV.
  var format: OutputFormat
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else { return status }
    let id = coin?.lowercased()
    if let id, portfolio.holding(id: id) == nil {
      return context.fail(
        PortfolioError.notHeld(Sanitizer.printable(id)).message + " Name it by its CoinGecko id "
          + "as coins portfolio list shows it.", status: ExitCode.failure)
    }
    let entries = HistoryEntry.entries(of: portfolio, coin: id)
    switch format {
    case .json:
      context.stdout.write(TransactionHistoryView.json(entries) + "\n")
    case .csv:
      context.stdout.write(TransactionHistoryView.csv(entries))
    case .table:
      context.stdout.write(
        entries.isEmpty
          ? TransactionHistoryView.emptyMessage
          : TransactionHistoryView.text(entries, width: context.terminal.width))
    }
    return ExitCode.success
  }
}
