import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio export`: the portfolio as the JSON document `coins` writes, or its
/// transactions as CSV for `coins portfolio import` and spreadsheets.
struct PortfolioExportCommand: RunnableCommand, Equatable {
  /// CSV instead of JSON.
  var csv: Bool
  /// The portfolio file, when given with `--file`.
  var file: String?

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    context.stdout.write(
      csv ? TransactionCSV.render(portfolio) : PortfolioStore.text(of: portfolio))
  }
}
