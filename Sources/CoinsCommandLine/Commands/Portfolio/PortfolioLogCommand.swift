import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio log`: the changes the portfolio's journal records, oldest first.
struct PortfolioLogCommand: RunnableCommand, Equatable {
  /// Table or JSON.
  var json: Bool
  /// The portfolio file, when given with `--file`.
  var file: String?

  static let spec = CommandSpec(
    path: ["portfolio", "log"],
    abstract: "List the changes made to the portfolio, each with its number for undo.",
    discussion: """
      Every command that changes the portfolio file appends one entry to its journal (the
      file's name with .journal added): its number, when, the command line and what it
      changed. A change taken back says which undo did it. Take one back with
      'coins portfolio undo' (the last) or 'coins portfolio undo --change <n>'.

      Examples:
        coins portfolio log
        coins portfolio log --json
      """,
    options: [OutputFormat.jsonOption, PortfolioCommand.fileOption],
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["portfolio", "log"])
      return PortfolioLogCommand(
        json: parsed.flag(OutputFormat.jsonOption), file: parsed.value(PortfolioCommand.fileOption))
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let history: JournalHistory
    do {
      history = try context.portfolioStore(file: file).history()
    } catch {
      throw CommandFailure(error)
    }
    let rows = history.entries.map { entry in
      JournalLogView.Row(
        number: entry.number, date: entry.date, commandLine: entry.commandLine,
        summary: entry.summary,
        undoneBy: history.isInEffect(entry.number) ? nil : history.undoer(of: entry.number)?.number,
        undoes: entry.undoes,
        counts: (entry.added.count, entry.removed.count, entry.replaced.count))
    }
    if json {
      context.stdout.write(JournalLogView.json(rows))
    } else {
      context.stdout.write(
        rows.isEmpty
          ? JournalLogView.emptyMessage
          : JournalLogView.text(rows, width: context.terminal.width))
    }
  }
}
