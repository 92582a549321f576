import CoinsModel
import CoinsPriceSources

/// Runs `coins prices remove <coin> [--from <date>] [--to <date>]`: drops your imported prices
/// of a coin, on the days between the dates (all of them without).
struct PricesRemoveCommand: RunnableCommand, Equatable {
  /// The coin as imported: a symbol or CoinGecko id.
  var coin: String
  var from: UTCDay?
  var to: UTCDay?

  static let fromOption = CommandSpec.Option(
    name: "--from", valueName: "date",
    help: "The first day to remove (YYYY-MM-DD; default: the first).")
  static let toOption = CommandSpec.Option(
    name: "--to", valueName: "date", help: "The last day to remove (YYYY-MM-DD; default: the last)."
  )

  static let spec = CommandSpec(
    path: ["prices", "remove"],
    abstract: "Remove the prices you imported for a coin, on all days or between two dates.",
    arguments: [
      .init(name: "coin", help: "The coin as imported (see coins prices list).", completion: .coin)
    ],
    options: [fromOption, toOption],
    parse: { parsed throws(UsageError) in
      let path = ["prices", "remove"]
      guard let coin = parsed.positionals.first, !Sanitizer.clean(coin).isEmpty else {
        throw UsageError("Missing expected argument '<coin>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      let from = try parsed.value(fromOption).map { text throws(UsageError) in
        try PricesCommand.day(text, for: "--from <date>", path: path)
      }
      let to = try parsed.value(toOption).map { text throws(UsageError) in
        try PricesCommand.day(text, for: "--to <date>", path: path)
      }
      if let from, let to, to < from {
        throw UsageError("'--to' (\(to)) is before '--from' (\(from)).", commandPath: path)
      }
      return PricesRemoveCommand(coin: coin.lowercased(), from: from, to: to)
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = PricesCommand.store(in: context)
    let kept = try PricesCommand.load(from: store)
    let shown = Sanitizer.clean(coin)
    guard kept.contains(where: { $0.coin == coin }) else {
      let known = Set(kept.map(\.coin)).sorted().joined(separator: ", ")
      throw CommandFailure(
        "No prices of '\(shown)' are imported"
          + (known.isEmpty ? "." : " (imported: \(known)).") + " Nothing was changed.")
    }
    let removed: Int
    do {
      removed = try store.remove(coin: coin, from: from, to: to)
    } catch {
      throw CommandFailure(error.message)
    }
    var span = ""
    if let from { span += " from \(from)" }
    if let to { span += " to \(to)" }
    context.stdout.write(
      "Removed \(removed) day\(removed == 1 ? "" : "s") of \(shown) prices\(span).\n")
  }
}
