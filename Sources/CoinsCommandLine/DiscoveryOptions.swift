import CoinsModel

/// The specs of `coins search`, `coins info` and `coins global`.
enum DiscoveryCommand {
  static let jsonOption = CommandSpec.Option(name: "--json", help: "Print JSON instead of text.")
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the chart in plain ASCII.")

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
    options: [jsonOption, MarketOptions.timeoutOption, MarketOptions.liveOption],
    parse: { parsed throws(UsageError) in try search(parsed) })

  static let infoSpec = CommandSpec(
    path: ["info"],
    abstract: "Show one coin in detail with a 7-day chart.",
    discussion: """
      Examples:
        coins info btc
        coins info --id ethereum --currency eur
        coins info sol --json | jq .coin.allTimeHigh
        coins info eth --range 1y
      """,
    arguments: [.init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin)],
    options: [
      PortfolioCommand.idOption, MarketOptions.currencyOption, jsonOption,
      asciiOption, infoRangeOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try info(parsed) })

  /// `coins info --range`: a longer chart than the 7-day sparkline's.
  static let infoRangeOption = CommandSpec.Option(
    name: "--range", valueName: "range",
    help: "Chart this span instead of the 7-day sparkline: \(HistoryRange.list).",
    completion: .choices(HistoryRange.allCases.map(\.rawValue)))

  static let globalSpec = CommandSpec(
    path: ["global"],
    abstract: "Show the whole market: total cap and volume, dominance, active coins.",
    discussion: """
      Examples:
        coins global
        coins global --currency eur --json | jq .btcDominance
      """,
    options: [MarketOptions.currencyOption, jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try global(parsed) })
}
