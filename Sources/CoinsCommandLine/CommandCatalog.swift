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
    subcommands: [
      TopOptions.spec, WatchOptions.spec, PortfolioCommand.groupSpec, DiscoveryCommand.searchSpec,
      DiscoveryCommand.infoSpec, ChartCommand.spec, DiscoveryCommand.globalSpec,
      AlertCommand.groupSpec, PriceCommand.spec, ConvertCommand.spec, TrendingCommand.spec,
      CategoriesCommand.spec, CompletionsCommand.spec, ConfigCommand.groupSpec,
    ]
  )

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
