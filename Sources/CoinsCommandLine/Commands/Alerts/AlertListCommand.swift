import CoinsModel
import CoinsPresentation
import CoinsServices

/// Runs `coins alert list`: the rules from the file alone (no network).
struct AlertListCommand: RunnableCommand, Equatable {
  var json = false
  /// `--utc`.
  var utc = false

  static let spec = CommandSpec(
    path: ["alert", "list"],
    abstract: "Show every alert with its id, state and the last value seen (no network).",
    options: [AlertCommand.jsonOption, MarketOptions.utcOption],
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["alert", "list"])
      return AlertListCommand(
        json: parsed.flag(AlertCommand.jsonOption), utc: parsed.flag(MarketOptions.utcOption))
    })

  /// `--utc`.
  var displaysUTC: Bool { utc }
  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = AlertCommand.store(in: context)
    let book = try AlertCommand.loadBook(from: store)
    if json {
      context.stdout.write(AlertListView.json(book, file: store.url.path) + "\n")
    } else if book.rules.isEmpty {
      context.stdout.write(AlertListView.emptyMessage)
    } else {
      context.stdout.write(AlertListView.text(book, width: context.terminal.width))
    }
  }
}
