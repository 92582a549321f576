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

extension PortfolioCommand {
  static let exportSpec = CommandSpec(
    path: ["portfolio", "export"],
    abstract: "Print the portfolio: the JSON file as coins writes it, or its transactions as CSV.",
    discussion: """
      The CSV has the columns date,type,coin,amount,price,currency,fee,feeCurrency,note,id,
      wallet,movedFrom and is what coins portfolio import reads; text a spreadsheet would take for a formula gets a
      leading ' (import takes it off).

      Example:
        coins portfolio export --csv > transactions.csv
      """,
    options: [OutputFormat.csvOption, fileOption],
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["portfolio", "export"])
      return PortfolioExportCommand(
        csv: parsed.flag(OutputFormat.csvOption), file: parsed.value(fileOption))
    })
}
