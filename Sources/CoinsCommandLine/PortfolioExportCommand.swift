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

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else { return status }
    context.stdout.write(
      csv ? TransactionCSV.render(portfolio) : PortfolioStore.text(of: portfolio))
    return ExitCode.success
  }
}
