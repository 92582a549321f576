import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins alert add`: checks the rule, resolves the coin as `portfolio add` does, then adds
/// the rule under the alerts file's lock.
struct AlertAddCommand: RunnableCommand, Equatable {
  /// The coin as typed (`nil` for the portfolio), and whether it is an explicit id.
  var coin: String?
  var isID = false
  var condition: AlertCondition
  var note: String?
  var market = MarketOptions()

  static let spec = CommandSpec(
    path: ["alert", "add"],
    abstract: "Add an alert: a coin above or below a price, or moving by a percentage.",
    discussion: """
      <coin> is a symbol or CoinGecko id as for `coins portfolio add`, or the word
      `portfolio` for the portfolio's total value (above and below only).

      Examples:
        coins alert add btc above 100000
        coins alert add eth below 2000 --currency eur --note "buy more"
        coins alert add sol move 5 --over 1h
        coins alert add portfolio below 50000
      """,
    arguments: [
      .init(
        name: "coin", help: "The coin's symbol or CoinGecko id, or `portfolio`.", completion: .coin),
      .init(
        name: "rule", help: "above, below or move.",
        completion: .choices(["above", "below", "move"])),
      .init(name: "threshold", help: "The price or value (above, below), or the percent (move)."),
    ],
    options: [
      PortfolioCommand.idOption,
      .init(
        name: "--currency", valueName: "code", help: "The currency of the threshold.",
        defaultValue: "usd", completion: .currency),
      AlertCommand.overOption, AlertCommand.noteOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in try AlertAddCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    market = try MarketOptions(parsed, path: path)
    var words = parsed.positionals[...]
    if let id = parsed.value(PortfolioCommand.idOption) {
      guard !id.isEmpty else {
        throw UsageError("Missing value for '--id <id>'", commandPath: path)
      }
      coin = id.lowercased()
      isID = true
    } else {
      guard let first = words.popFirst(), !first.isEmpty else {
        throw UsageError("Missing expected argument '<coin>'", commandPath: path)
      }
      coin = first.lowercased() == "portfolio" ? nil : first
    }
    guard let kind = words.popFirst() else {
      throw UsageError(
        "Missing expected argument '<rule>': above, below or move.", commandPath: path)
    }
    guard let thresholdText = words.popFirst() else {
      throw UsageError("Missing expected argument '<threshold>'", commandPath: path)
    }
    try ParsedArguments.noExtra(words, path: path)
    let over = try parsed.value(AlertCommand.overOption).map { text throws(UsageError) in
      try OptionValue.choice(text, for: AlertCommand.overOption.quoted, path: path) as AlertWindow
    }
    condition = try Self.condition(kind, thresholdText, over: over, path: path)
    if coin == nil, !isID, case .move = condition {
      throw UsageError(
        "A portfolio alert is 'above' or 'below' a value; 'move' needs a coin.", commandPath: path)
    }
    note = parsed.value(AlertCommand.noteOption)
  }

  private static func condition(
    _ kind: String, _ text: String, over: AlertWindow?, path: [String]
  ) throws(UsageError) -> AlertCondition {
    let isMove = kind.lowercased() == "move"
    guard ["above", "below", "move"].contains(kind.lowercased()) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(kind))' is invalid for '<rule>': expected above, "
          + "below or move.", commandPath: path)
    }
    guard let threshold = DecimalInput.amount(text) else {
      let example = isMove ? "5 (percent)" : "100000"
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '<threshold>': expected a "
          + "positive decimal number such as \(example).", commandPath: path)
    }
    if over != nil, !isMove {
      throw UsageError("'--over <window>' goes with a 'move' rule only.", commandPath: path)
    }
    switch kind.lowercased() {
    case "above": return .above(threshold)
    case "below": return .below(threshold)
    default: return .move(percent: threshold, window: over ?? .day)
    }
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = AlertCommand.store(in: context)
    // A file that cannot be read is reported before any network work.
    _ = try AlertCommand.loadBook(from: store)
    let lookup = CoinLookup(
      service: context.makeService(options: market), currency: market.currency,
      maxAge: market.maxAge)
    let target: AlertTarget
    do {
      let (snapshot, _) = try await lookup.marketSnapshot()
      if let coin {
        let found = try await lookup.find(coin, isID: isID, in: snapshot).0
        target = .coin(id: found.id, symbol: found.symbol, name: found.name)
      } else {
        target = .portfolio
      }
    } catch {
      throw CommandFailure(error)
    }
    let rule = AlertRule(
      id: "", target: target, condition: condition, currency: market.currency,
      note: note.map(Sanitizer.printable),
      createdAt: ISO8601Timestamp.wholeMilliseconds(context.timeSource.now()))
    let id: String
    do {
      id = try store.update { book in book.add(rule) }
    } catch let error as AlertError {
      throw CommandFailure(error)
    } catch {
      throw CommandFailure("\(error)")
    }
    context.stdout.write("Added alert \(id): \(rule.target.label) \(AlertText.rule(rule)).\n")
  }
}
