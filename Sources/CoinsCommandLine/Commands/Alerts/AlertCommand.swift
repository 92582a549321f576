import CoinsModel
import CoinsServices

/// The `coins alert …` subcommands: their specs and shared options.
enum AlertCommand {
  static let noteOption = CommandSpec.Option(
    name: "--note", valueName: "text", help: "A note shown with the alert when it fires.")
  static let overOption = CommandSpec.Option(
    name: "--over", valueName: "window", help: "The window of a move rule: 1h or 24h.",
    defaultValue: "24h", completion: .choices(["1h", "24h"]))
  static let execOption = CommandSpec.Option(
    name: "--exec", valueName: "command",
    help: "Run this shell command once per fired alert, with the facts in COINS_ALERT_* "
      + "variables.")
  static let jsonOption = OutputFormat.jsonOption

  static let groupSpec = CommandSpec(
    path: ["alert"],
    abstract: "Tell me when a price crosses a line: add, list, remove and check alert rules.",
    discussion: """
      Rules live in $XDG_DATA_HOME/coins/alerts.json. An alert fires once when its condition
      becomes true, and re-arms when the condition has been false by 0.5 % of the threshold.
      Only live data younger than two minutes fires an alert.
      """,
    subcommands: [
      AlertAddCommand.spec, AlertListCommand.spec, AlertRemoveCommand.spec,
      AlertCheckCommand.spec,
    ])

  /// The alerts file of `context`.
  static func store(in context: CommandContext) -> AlertStore {
    AlertStore(url: AlertStore.defaultURL(environment: context.environment))
  }

  /// The rules; a file that cannot be read is a failure (bad data: 65).
  static func loadBook(from store: AlertStore) throws(CommandFailure) -> AlertBook {
    do {
      return try store.load()
    } catch {
      throw CommandFailure(error)
    }
  }
}
