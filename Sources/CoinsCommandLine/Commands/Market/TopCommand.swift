import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins top`: gets the market, orders it, prints a table, JSON or CSV.
package struct TopCommand: RunnableCommand, Equatable {
  package let options: TopOptions

  package var marketMaxAge: Double? { options.market.maxAge }
  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let (list, unknown) = try await chosenCoins(context)
    let service = context.makeService(options: options.market)
    let request = MarketRequest(
      currency: options.market.currency, count: list.isEmpty ? options.count : 0,
      extraIDs: list, maxAge: options.market.maxAge, allowFallback: !options.market.liveOnly,
      category: options.category)
    let snapshot: MarketSnapshot
    do {
      snapshot = try await service.snapshot(for: request)
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(snapshot, now: now)
    if let category = options.category, snapshot.coins.isEmpty {
      throw CommandFailure(
        "CoinGecko has no coins in the category '\(category)'. See `coins categories` for the "
          + "ids.")
    }
    let wanted = Set(list)
    let top =
      list.isEmpty ? snapshot.top(options.count) : snapshot.coins.filter { wanted.contains($0.id) }
    if top.count < options.count && options.category == nil && list.isEmpty {
      context.stderr.write(
        "Warning: only \(top.count) of the \(options.count) coins asked for are available.\n")
    }
    let coins = options.sort.sort(top, reverse: options.reverse)
    switch options.format {
    case .json:
      context.stdout.write(MarketJSON.render(coins, of: snapshot) + "\n")
    case .csv:
      context.stdout.write(MarketCSV.render(coins))
    case .table:
      context.stdout.write(table(coins, snapshot: snapshot, now: now, context: context))
    }
    StartupTrace.mark("written")
    // As `price` does: what could be shown is, and what could not is named (exit 1).
    if !unknown.isEmpty { throw CommandFailure(messages: unknown.map(\.message), kind: .other) }
  }

  /// The ids of `--coins` or `--favorites` (empty: the top), and the coins of `--coins` no one
  /// knows.
  private func chosenCoins(_ context: CommandContext) async throws(CommandFailure) -> (
    [String], unknown: [CoinLookup.Failure]
  ) {
    var ids: [String] = []
    if options.favorites {
      let store = context.favoritesStore()
      do {
        ids = try store.load()
      } catch {
        throw CommandFailure(error.message, kind: .badData)
      }
      guard !ids.isEmpty else {
        throw CommandFailure("There are no favourites yet: mark one with f in `coins watch`.")
      }
    }
    var unknown: [CoinLookup.Failure] = []
    if !options.coins.isEmpty {
      let resolved = try await WatchSetup.resolve(
        options.coins, market: options.market, context: context)
      ids += resolved.ids
      unknown = resolved.unknown
    }
    return (ids.uniquedInOrder(), unknown)
  }

  private func table(_ coins: [Coin], snapshot: MarketSnapshot, now: Date, context: CommandContext)
    -> String
  {
    StartupTrace.mark("render")
    let style = context.style(options.market.color)
    let currency = CurrencyStyle(code: snapshot.currency).ascii(options.ascii)
    var title = "Top \(coins.count) coins"
    if options.favorites {
      title = "Favourites"
    } else if !options.coins.isEmpty {
      title = "\(coins.count) chosen coins"
    }
    if let category = options.category { title += " in the category \(category)" }
    title += " by market cap in \(currency.displayCode)"
    if options.sort != .rank || options.reverse {
      title += ", by \(options.sort.rawValue)\(options.reverse ? " (reversed)" : "")"
    }
    let header =
      title + " · " + SnapshotLabel.styledFreshness(of: snapshot, now: now, style: style)
    let table = MarketTable(
      currency: currency, sparkline: options.ascii ? .ascii : .blocks, style: style,
      sortedColumn: options.sort.column)
    let lines = [header] + table.render(coins, width: context.terminal.width)
    StartupTrace.mark("rendered")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each member as given.
  package init(options: TopOptions) {
    self.options = options
  }
}

/// `coins top [<n>] …`, parsed.
public struct TopOptions: Sendable, Equatable {
  /// How many coins, 1…1000.
  public var count = 20
  /// Currency, cache, fallback, timeout and color.
  public var market = MarketOptions()
  /// The column to order by.
  public var sort = SortKey.rank
  /// Reverse the order.
  public var reverse = false
  /// Table, JSON or CSV.
  public var format = OutputFormat.table
  /// Plain ASCII sparklines.
  public var ascii = false
  /// Only the coins of this CoinGecko category (`--category`).
  public var category: String?
  /// Only these coins (`--coins`), as typed: symbols or ids.
  public var coins: [String] = []
  /// Only the favourites (`--favorites`).
  public var favorites = false

  /// Creates the defaults.
  public init() {}

  static let maxCount = 1000

  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw sparklines in plain ASCII.")
  static let categoryOption = CommandSpec.Option(
    name: "--category", valueName: "id",
    help: "Only the coins of this CoinGecko category (an id from `coins categories`).",
    completion: .category)

  static let coinsOption = CommandSpec.Option(
    name: "--coins", valueName: "list",
    help: "Only these coins (symbols or ids, comma-separated), fetched by one ids request.",
    completion: .coinList)
  static let favoritesOption = CommandSpec.Option(
    name: "--favorites", help: "Only the favourites (marked with f in `coins watch`).")

  package static let spec = CommandSpec(
    path: ["top"],
    abstract: "List the top coins by market cap with a 7-day sparkline.",
    discussion: """
      The list comes from CoinGecko (the top 250 in one request, more in pages
      of 250), or from the cache when it is younger than --max-age. When
      CoinGecko cannot be reached, coins shows the newest cached answer or the
      bundled sample, labelled as such.

      Examples:
        coins top
        coins top 100 --currency eur --sort change24h
        coins top 50 --json | jq -r '.coins[] | "\\(.symbol) \\(.price)"'
      """,
    arguments: [
      .init(
        name: "n", help: "How many coins to list, 1 to 1000.", isOptional: true, defaultValue: "20")
    ],
    options: [
      MarketOptions.currencyOption,
      SortKey.option, SortKey.reverseOption,
      OutputFormat.jsonOption, OutputFormat.csvOption, asciiOption, categoryOption, coinsOption,
      favoritesOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in TopCommand(options: try TopOptions(parsed)) }
  )

  /// Reads the options from parsed words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    if let text = parsed.positionals.first {
      count = try OptionValue.integer(text, for: "<n>", in: 1...Self.maxCount, path: path)
    }
    market = try MarketOptions(parsed, path: path)
    if let text = parsed.value(SortKey.option) {
      sort = try OptionValue.choice(text, for: SortKey.option.quoted, path: path)
    }
    reverse = parsed.flag(SortKey.reverseOption)
    ascii = parsed.flag(Self.asciiOption)
    if let text = parsed.value(Self.categoryOption) {
      let id = text.lowercased()
      guard (1...100).contains(id.count),
        id.unicodeScalars.allSatisfy({
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        })
      else {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '--category <id>': expected "
            + "a category id such as layer-1 (see `coins categories`).", commandPath: path)
      }
      category = id
    }
    format = try OutputFormat(parsed, path: path)
    if let list = parsed.value(Self.coinsOption) {
      coins = list.split(separator: ",").map { $0.trimmingWhitespace() }
        .filter { !$0.isEmpty }
      guard !coins.isEmpty else {
        throw UsageError("'--coins <list>' names no coin.", commandPath: path)
      }
    }
    favorites = parsed.flag(Self.favoritesOption)
    if !coins.isEmpty || favorites {
      guard parsed.positionals.isEmpty, category == nil else {
        throw UsageError(
          "A list of coins ('--coins' or '--favorites') replaces '<n>' and '--category'.",
          commandPath: path)
      }
    }
  }

}
