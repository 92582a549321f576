import CoinsModel
import CoinsPresentation

/// Runs `coins global`: CoinGecko's `/global`, cached and falling back like the market.
struct GlobalCommand: RunnableCommand, Equatable {
  let json: Bool
  let market: MarketOptions

  /// `--utc`.
  var displaysUTC: Bool { market.utc }
  func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let snapshot: GlobalSnapshot
    do {
      snapshot = try await service.global(
        currency: market.currency, maxAge: market.maxAge, allowFallback: !market.liveOnly)
    } catch {
      throw CommandFailure(error)
    }
    guard snapshot.stats.hasCurrency else {
      // What `top` reports as CoinGecko's HTTP 400; `/global` answers anyway, without it.
      throw CommandFailure(
        "CoinGecko has no figures in '\(Sanitizer.printable(market.currency))'. Use a "
          + "currency code it supports, such as usd, eur or btc.")
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(
      source: snapshot.source, asOf: snapshot.asOf, reason: snapshot.staleReason, now: now)
    if json {
      context.stdout.write(GlobalStatsView.json(snapshot) + "\n")
    } else {
      let lines = GlobalStatsView.lines(snapshot, now: now, style: context.style(market.color))
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
  }
}

extension GlobalCommand {
  /// `coins global`.
  static let spec = CommandSpec(
    path: ["global"],
    abstract: "Show the whole market: total cap and volume, dominance, active coins.",
    discussion: """
      Examples:
        coins global
        coins global --currency eur --json | jq .btcDominance
      """,
    options: [MarketOptions.currencyOption, DiscoveryCommand.jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try GlobalCommand(parsed) })
  /// Reads `coins global`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    let market = try MarketOptions(parsed, path: path)
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    self.init(json: parsed.flag(DiscoveryCommand.jsonOption), market: market)
  }
}
