import CoinsModel

/// `coins search`, `coins info` and `coins global`, parsed.
public enum DiscoveryCommand: Sendable, Equatable {
  /// `coins search <query>`.
  case search(query: String, json: Bool, market: MarketOptions)
  /// `coins info <coin>`.
  case info(coin: String, isID: Bool, json: Bool, ascii: Bool, market: MarketOptions)
  /// `coins global`.
  case global(json: Bool, market: MarketOptions)

  static let jsonOption = CommandSpec.Option(name: "--json", help: "Print JSON instead of text.")

  static let searchSpec = CommandSpec(
    path: ["search"],
    abstract: "Find coins by name, symbol or id, best market cap first.",
    discussion: """
      Coins sharing a symbol are listed separately; the id column is what --id and
      `coins portfolio add` accept.

      Examples:
        coins search bitcoin
        coins search usdc --json | jq -r '.coins[].id'
      """,
    arguments: [.init(name: "query", help: "A name, symbol or id, or a part of one.")],
    options: [jsonOption, MarketOptions.timeoutOption, MarketOptions.liveOption])

  static let infoSpec = CommandSpec(
    path: ["info"],
    abstract: "Show one coin in detail with a 7-day chart.",
    discussion: """
      Examples:
        coins info btc
        coins info --id ethereum --currency eur
        coins info sol --json | jq .coin.allTimeHigh
      """,
    arguments: [.init(name: "coin", help: "The coin's symbol or CoinGecko id.")],
    options: [
      PortfolioCommand.idOption, MarketOptions.currencyOption, jsonOption,
      .init(name: "--ascii", help: "Draw the chart in plain ASCII."),
    ] + MarketOptions.specs.filter { $0.name != "--currency" })

  static let globalSpec = CommandSpec(
    path: ["global"],
    abstract: "Show the whole market: total cap and volume, dominance, active coins.",
    discussion: """
      Examples:
        coins global
        coins global --currency eur --json | jq .btcDominance
      """,
    options: [MarketOptions.currencyOption, jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" })

  /// Reads a discovery command's options from its parsed words.
  static func make(_ spec: CommandSpec, _ parsed: ParsedArguments) throws(UsageError)
    -> DiscoveryCommand
  {
    let path = spec.path
    let market = try MarketOptions(parsed, path: path)
    let json = parsed.flag("--json")
    switch path.last {
    case "search":
      guard let query = parsed.positionals.first, !query.trimmingSpaces.isEmpty else {
        throw UsageError("Missing expected argument '<query>'", commandPath: path)
      }
      try noExtra(parsed.positionals.dropFirst(), path: path)
      return .search(query: query, json: json, market: market)
    case "info":
      if let id = parsed.value("--id") {
        try noExtra(parsed.positionals[...], path: path)
        return .info(
          coin: id.lowercased(), isID: true, json: json, ascii: parsed.flag("--ascii"),
          market: market)
      }
      guard let coin = parsed.positionals.first, !coin.isEmpty else {
        throw UsageError("Missing expected argument '<coin>'", commandPath: path)
      }
      try noExtra(parsed.positionals.dropFirst(), path: path)
      return .info(
        coin: coin, isID: false, json: json, ascii: parsed.flag("--ascii"), market: market)
    default:
      try noExtra(parsed.positionals[...], path: path)
      return .global(json: json, market: market)
    }
  }

  private static func noExtra(_ rest: ArraySlice<String>, path: [String]) throws(UsageError) {
    if let extra = rest.first {
      throw UsageError("Unexpected argument '\(Sanitizer.printable(extra))'", commandPath: path)
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    Sanitizer.clean(self)
  }
}
