/// Every command `coins` knows, as specs: the one place to add a command.
package enum CommandCatalog {
  package static let root = CommandSpec(
    path: [],
    abstract: "A fast, trustworthy crypto market tracker and portfolio for the terminal.",
    discussion: """
      Prices come from CoinGecko. Set COINGECKO_DEMO_API_KEY or
      COINGECKO_PRO_API_KEY for higher rate limits, COINGECKO_BASE_URL to use
      another host.
      """,
    options: [.init(name: "--version", help: "Show the version.")],
    subcommands: commands.map { $0.spec() }
  )

  /// The commands under `coins`, in the order help lists them, each built only when asked
  /// for: a command's start-up does not pay for the others' specs (help and completions build
  /// them all through ``root``).
  private static let commands: [(name: String, spec: @Sendable () -> CommandSpec)] = [
    ("top", { TopOptions.spec }), ("watch", { WatchOptions.spec }),
    ("portfolio", { PortfolioCommand.groupSpec }), ("search", { SearchCommand.spec }),
    ("info", { InfoCommand.spec }), ("chart", { ChartCommand.spec }),
    ("global", { GlobalCommand.spec }), ("alert", { AlertCommand.groupSpec }),
    ("price", { PriceCommand.spec }), ("prices", { PricesCommand.groupSpec }),
    ("convert", { ConvertCommand.spec }),
    ("trending", { TrendingCommand.spec }), ("categories", { CategoriesCommand.spec }),
    ("completions", { CompletionsCommand.spec }), ("config", { ConfigCommand.groupSpec }),
  ]

  /// The names of the commands under `coins`, in the order help lists them.
  package static var names: [String] { commands.map(\.name) }

  /// The spec of the command `coins <name>`, built alone.
  package static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }?.spec()
  }

  /// The spec of the command at `path`, if there is one.
  package static func spec(at path: [String]) -> CommandSpec? {
    var spec = root
    for word in path {
      guard let next = spec.subcommand(named: word) else { return nil }
      spec = next
    }
    return spec
  }
}
