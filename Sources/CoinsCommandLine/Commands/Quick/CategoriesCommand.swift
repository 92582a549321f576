import CoinsModel
import CoinsPresentation
import CoinsServices

/// `coins categories [<n>]`: CoinGecko's coin categories (`/coins/categories`), sortable.
struct CategoriesCommand: RunnableCommand, Equatable {
  /// How many categories to list.
  var count = 20
  /// The column to order by.
  var sort = CategorySortKey.marketcap
  /// Reverse the order.
  var reverse = false
  /// `--json`.
  var json = false
  /// Cache, fallback, timeout and color (CoinGecko gives the figures in USD only).
  var market = MarketOptions()

  static let spec = CommandSpec(
    path: ["categories"],
    abstract: "List CoinGecko's coin categories with market cap, 24h change and volume.",
    discussion: """
      The id column is what `coins top --category` takes. Figures are in USD.

      Examples:
        coins categories
        coins categories 50 --sort change24h
        coins top --category layer-1
      """,
    arguments: [
      .init(
        name: "n", help: "How many categories to list, 1 to 1000.", isOptional: true,
        defaultValue: "20")
    ],
    options: [CategorySortKey.option, SortKey.reverseOption, DiscoveryCommand.jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try CategoriesCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    if let text = parsed.positionals.first {
      count = try OptionValue.integer(text, for: "<n>", in: 1...1000, path: path)
    }
    if let text = parsed.value(CategorySortKey.option) {
      sort = try OptionValue.choice(text, for: CategorySortKey.option.quoted, path: path)
    }
    reverse = parsed.flag(SortKey.reverseOption)
    market = try MarketOptions(parsed, path: path)
    json = parsed.flag(DiscoveryCommand.jsonOption)
  }

  /// `--utc`.
  var displaysUTC: Bool { market.utc }
  func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let answer: Sourced<[CoinCategory]>
    do {
      answer = try await service.categories(
        maxAge: market.maxAge, allowFallback: !market.liveOnly)
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(answer, now: now)
    let chosen = Array(sort.sort(answer.value, reverse: reverse).prefix(count))
    if json {
      context.stdout.write(CategoriesView.json(chosen, of: answer) + "\n")
      return
    }
    var title = "\(chosen.count) of \(answer.value.count) categories in USD"
    if sort != .marketcap || reverse {
      title += ", by \(sort.rawValue)\(reverse ? " (reversed)" : "")"
    }
    let lines = CategoriesView.lines(
      chosen, of: answer, title: title, now: now, width: context.terminal.width,
      style: context.style(market.color))
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }
}
