/// Every command `coins` knows, as specs: the one place to add a command.
enum CommandCatalog {
  static let root = CommandSpec(
    path: [],
    abstract: "A fast, trustworthy crypto market tracker and portfolio for the terminal.",
    discussion: """
      Prices come from CoinGecko. Set COINGECKO_DEMO_API_KEY or
      COINGECKO_PRO_API_KEY for higher rate limits, COINGECKO_BASE_URL to use
      another host.
      """,
    options: [.init(name: "--version", help: "Show the version.")],
    subcommands: names.compactMap(command(named:))
  )

  /// The commands under `coins`, in the order help lists them.
  static let names = [
    "top", "watch", "portfolio", "search", "info", "chart", "global", "alert", "price", "convert",
    "trending", "categories", "completions", "config",
  ]

  /// The spec of the command `coins <name>`: only that one is built (help and completions
  /// build them all through ``root``), so a command's start-up does not pay for the others'.
  static func command(named name: String) -> CommandSpec? {
    switch name {
    case "top": TopOptions.spec
    case "watch": WatchOptions.spec
    case "portfolio": PortfolioCommand.groupSpec
    case "search": DiscoveryCommand.searchSpec
    case "info": DiscoveryCommand.infoSpec
    case "chart": ChartCommand.spec
    case "global": DiscoveryCommand.globalSpec
    case "alert": AlertCommand.groupSpec
    case "price": PriceCommand.spec
    case "convert": ConvertCommand.spec
    case "trending": TrendingCommand.spec
    case "categories": CategoriesCommand.spec
    case "completions": CompletionsCommand.spec
    case "config": ConfigCommand.groupSpec
    default: nil
    }
  }

  /// The spec of the command at `path`, if there is one.
  static func spec(at path: [String]) -> CommandSpec? {
    var spec = root
    for word in path {
      guard let next = spec.subcommand(named: word) else { return nil }
      spec = next
    }
    return spec
  }
}
