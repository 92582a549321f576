import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins info`: resolves the coin as the portfolio does, then shows its market row in
/// detail (from the top-250 snapshot, or one `ids` request for a coin outside it).
struct InfoCommand: RunnableCommand, Equatable {
  let coin: String
  let isID: Bool
  let json: Bool
  let ascii: Bool
  /// A span to chart instead of the 7-day sparkline, with the history of `coins chart`.
  var range: HistoryRange? = nil
  let market: MarketOptions

  /// `--utc`.
  var displaysUTC: Bool { market.utc }
  func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let lookup = CoinLookup(
      service: service, currency: market.currency,
      maxAge: market.maxAge)
    let found: SymbolResolver.Candidate
    do {
      found = try await lookup.find(coin, isID: isID).0
    } catch {
      throw CommandFailure(error)
    }
    let request = MarketRequest(
      currency: market.currency, count: 250, extraIDs: [found.id], maxAge: market.maxAge,
      allowFallback: !market.liveOnly)
    let snapshot: MarketSnapshot
    do {
      snapshot = try await service.snapshot(for: request)
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(snapshot, now: now)
    guard let row = snapshot.coin(id: found.id) else {
      throw CommandFailure(
        "No market data for \(found.name) (\(found.id)) in this snapshot.", kind: .unavailable)
    }
    var history: HistorySnapshot?
    if let range {
      let request = HistoryRequest(
        id: found.id, currency: market.currency, window: .range(range),
        allowFallback: !market.liveOnly)
      do {
        history = try await service.history(request)
      } catch {
        throw CommandFailure(error)
      }
    }
    let subject = ChartSubject(id: row.id, symbol: row.symbol, name: row.name)
    if json {
      // The history as `coins chart --json` prints it, under "history".
      let extra = history.map {
        [
          (
            "history",
            ChartDocument.json($0, of: subject, currency: market.currency, candles: false)
          )
        ]
      }
      context.stdout.write(CoinInfoView.json(row, snapshot: snapshot, extra: extra ?? []) + "\n")
    } else {
      let view = CoinInfoView(
        currency: CurrencyStyle(code: snapshot.currency).ascii(ascii),
        style: context.style(market.color),
        ascii: ascii)
      let lines = view.lines(
        row, snapshot: snapshot, now: now, width: context.terminal.width,
        sparklineChart: history == nil)
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
    if let history, let range {
      context.warnAboutHistory(history, asked: .range(range), now: now)
      guard !json else { return }
      context.stdout.write("\n")
      var options = ChartOptions()
      options.range = range
      options.height = 8
      options.ascii = ascii
      options.market = market
      context.writeChart(
        history, of: subject, asked: .range(range), options: options, currency: market.currency)
    }
  }
}

extension InfoCommand {
  /// `coins info`.
  static let spec = CommandSpec(
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
      PortfolioCommand.idOption, MarketOptions.currencyOption, DiscoveryCommand.jsonOption,
      DiscoveryCommand.asciiOption, rangeOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try InfoCommand(parsed) })

  /// Reads `coins info`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    let market = try MarketOptions(parsed, path: path)
    let json = parsed.flag(DiscoveryCommand.jsonOption)
    let ascii = parsed.flag(DiscoveryCommand.asciiOption)
    let range = try parsed.value(ChartOptions.rangeOption).map { text throws(UsageError) in
      let range: HistoryRange = try OptionValue.choice(
        text, for: ChartOptions.rangeOption.quoted, path: path)
      return range
    }
    if let id = parsed.value(PortfolioCommand.idOption) {
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      self.init(
        coin: id.lowercased(), isID: true, json: json, ascii: ascii, range: range, market: market)
      return
    }
    guard let coin = parsed.positionals.first, !coin.isEmpty else {
      throw UsageError("Missing expected argument '<coin>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    self.init(
      coin: coin, isID: false, json: json, ascii: ascii, range: range, market: market)
  }

  /// `coins info --range`: a longer chart than the 7-day sparkline's.
  static let rangeOption = CommandSpec.Option(
    name: "--range", valueName: "range",
    help: "Chart this span instead of the 7-day sparkline: \(HistoryRange.list).",
    completion: .choices(HistoryRange.allCases.map(\.rawValue)))
}
