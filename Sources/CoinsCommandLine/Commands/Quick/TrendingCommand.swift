import CoinsModel
import CoinsPresentation
import CoinsServices

/// `coins trending`: CoinGecko's trending coins (`/search/trending`).
struct TrendingCommand: RunnableCommand, Equatable {
  /// `--json`.
  var json = false
  /// Cache, fallback, timeout and color (CoinGecko prices the list in USD only).
  var market = MarketOptions()

  static let spec = CommandSpec(
    path: ["trending"],
    abstract: "Show the coins trending on CoinGecko, with rank, price and 24h change.",
    discussion: """
      CoinGecko ranks coins by how much people search for them; it prices this list
      in USD only.

      Examples:
        coins trending
        coins trending --json | jq -r '.coins[].id'
      """,
    options: [DiscoveryCommand.jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try TrendingCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    market = try MarketOptions(parsed, path: path)
    json = parsed.flag(DiscoveryCommand.jsonOption)
  }

  /// `--utc`.
  var displaysUTC: Bool { market.utc }
  func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let answer: Sourced<[TrendingCoin]>
    do {
      answer = try await service.trending(
        maxAge: market.maxAge, allowFallback: !market.liveOnly)
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(answer, now: now)
    if json {
      context.stdout.write(TrendingView.json(answer) + "\n")
    } else if answer.value.isEmpty {
      context.stdout.write("CoinGecko lists no trending coins right now.\n")
    } else {
      let lines = TrendingView.lines(
        answer, now: now, width: context.terminal.width, style: context.style(market.color))
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
  }
}
