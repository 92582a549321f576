import CoinsModel

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

  static let jsonOption = CommandSpec.Option(name: "--json", help: "Print JSON instead of a table.")
  static let csvOption = CommandSpec.Option(name: "--csv", help: "Print CSV instead of a table.")
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
      jsonOption, csvOption, asciiOption, categoryOption, coinsOption, favoritesOption,
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
    format = try Self.format(parsed, path: path)
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

  /// `--json` or `--csv` (not both), else a table.
  static func format(_ parsed: ParsedArguments, path: [String]) throws(UsageError) -> OutputFormat {
    switch (parsed.flag(jsonOption), parsed.flag(csvOption)) {
    case (true, true):
      throw UsageError("'--json' and '--csv' cannot be used together.", commandPath: path)
    case (true, false): return .json
    case (false, true): return .csv
    case (false, false): return .table
    }
  }
}
