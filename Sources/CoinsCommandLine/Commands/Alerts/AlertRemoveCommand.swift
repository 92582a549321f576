import CoinsModel
import CoinsPresentation
import CoinsServices

/// Runs `coins alert remove <id>` under the alerts file's lock.
struct AlertRemoveCommand: RunnableCommand, Equatable {
  var id: String

  static let spec = CommandSpec(
    path: ["alert", "remove"],
    abstract: "Remove an alert by its id (see `coins alert list`).",
    arguments: [.init(name: "id", help: "The alert's id.")],
    parse: { parsed throws(UsageError) in
      let path = ["alert", "remove"]
      guard let id = parsed.positionals.first, !id.isEmpty else {
        throw UsageError("Missing expected argument '<id>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return AlertRemoveCommand(id: id)
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = AlertCommand.store(in: context)
    let removed: AlertRule
    do {
      removed = try store.update { book in
        guard let rule = book.remove(id: id) else { throw AlertError.noSuchAlert(id: id) }
        return rule
      }
    } catch let error as AlertError {
      throw CommandFailure(error)
    } catch {
      throw CommandFailure("\(error)")
    }
    context.stdout.write(
      "Removed alert \(removed.id): \(removed.target.label) \(AlertText.rule(removed)).\n")
  }
}
