import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio chart`: one history per held coin (through the service's cache, one
/// request at a time without a key), summed as amount held then × price then on a common grid,
/// and drawn like `coins chart`. What did not arrive by the deadline is named and the chart
/// labelled partial. Beyond CoinGecko's free year, or beside a benchmark, it is drawn from
/// each day's values through the price chain instead (``runDaily(in:portfolio:now:)``).
package struct PortfolioChartCommand: RunnableCommand, Equatable {
  let file: String?
  let options: ChartOptions
  /// The coin typed for `--benchmark`; `nil` for none.
  var benchmark: String?

  static let benchmarkOption = CommandSpec.Option(
    name: "--benchmark", valueName: "coin",
    help: "Draw beside it what the same dated flows would be worth in this coin (btc, …).",
    defaultValue: "none")

  static let spec = CommandSpec(
    path: ["portfolio", "chart"],
    abstract: "Chart the portfolio's value over a range.",
    discussion: """
      At each moment: the sum over held coins of the amount held then (lots count
      from their date) times that coin's price then.

      Examples:
        coins portfolio chart
      Over more than the last 365 days (3y, 5y, max, an older --from) or with
      --benchmark, each day's end value comes from the price chain (your prices,
      CoinGecko, Coinbase, Binance), as in 'portfolio performance', and a line
      under the chart says which source priced which days. Details: docs/charts.md.

      Examples:
        coins portfolio chart
        coins portfolio chart --range 1y --currency eur
        coins portfolio chart --range max --benchmark btc
        coins portfolio chart --range 30d --json | jq .summary.change
      """,
    options: ChartOptions.specs.filter { $0.name != "--candles" } + [
      benchmarkOption, PortfolioCommand.fileOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "chart"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var command = PortfolioChartCommand(
        file: parsed.value(PortfolioCommand.fileOption),
        options: try ChartOptions(parsed, path: path))
      if let text = parsed.value(benchmarkOption) {
        let coin = Sanitizer.clean(text).lowercased()
        guard !coin.isEmpty else {
          throw UsageError("Missing value for '\(benchmarkOption.quoted)'", commandPath: path)
        }
        command.benchmark = coin == "none" ? nil : coin
      }
      return command
    })

  /// Above this many requests without a key, the command says up front that they take a while.
  static let keylessBatchWarning = 5

  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }
  package func run(in context: CommandContext) async throws(CommandFailure) {
    do {
      try options.checkWindow(at: context.timeSource.now(), path: Self.spec.path)
    } catch {
      throw CommandFailure(error)
    }
    let portfolio = try context.loadPortfolio(from: context.portfolioStore(file: file))
    let held = portfolio.holdings.filter { $0.amount > 0 }
    if held.isEmpty && options.format == .table {
      context.stdout.write(PortfolioListing.emptyMessage)
      return
    }
    let now = context.timeSource.now()
    let window = options.window(at: now)
    if benchmark != nil || window.exceedsFreePlan(at: now) {
      try await runDaily(in: context, portfolio: portfolio, now: now)
      return
    }
    let market = options.market
    let service = context.makeService(options: market)
    let requests = held.map {
      HistoryRequest(
        id: $0.id, currency: market.currency, window: window, maxAge: options.maxAge,
        allowFallback: !market.liveOnly)
    }
    var toFetch = 0
    for request in requests where await service.needsFetch(request) { toFetch += 1 }
    let keyless = !service.hasAPIKey
    if keyless && toFetch > Self.keylessBatchWarning {
      context.stderr.write(
        "Note: \(toFetch) price histories are needed; without an API key CoinGecko allows only "
          + "a few calls a minute, so they are fetched one at a time and may not all arrive "
          + "(a free Demo key, COINGECKO_DEMO_API_KEY, is faster).\n")
    }
    let batch = await service.histories(requests, concurrency: keyless ? 1 : 3)
    if batch.snapshots.isEmpty,
      let error = requests.lazy.compactMap({ batch.failures[$0.id] }).first
    {
      throw CommandFailure(error)
    }
    let histories = batch.snapshots.mapValues(\.history)
    let value = PortfolioHistory(holdings: held, histories: histories)
    let snapshot = Self.combined(batch, total: value.total, window: window, now: now)
    let missing = held.map(\.id).filter { batch.snapshots[$0]?.history.isEmpty ?? true }
    warn(context, batch: batch, value: value, missing: missing, asked: window, snapshot: snapshot)
    var extra: [(String, String)] = []
    if !missing.isEmpty {
      extra = [
        ("partial", "true"), ("missing", JSONText.array(missing.map(JSONText.string))),
      ]
    }
    context.writeChart(
      snapshot, of: .portfolio, asked: window, options: options, currency: market.currency,
      extraJSON: extra,
      partial: missing.isEmpty ? nil : "PARTIAL: \(missing.count) of \(held.count) coins missing")
  }

  /// One snapshot for the total: the span shown, the least fresh source and oldest time among
  /// the coins, and the plan's limit when any coin's range was limited.
  static func combined(
    _ batch: CoinDataService.HistoryBatch, total: PriceHistory, window: HistoryWindow, now: Date
  ) -> HistorySnapshot {
    let parts = Array(batch.snapshots.values)
    let stale = parts.first { $0.source != .live }
    return HistorySnapshot(
      history: total, window: parts.first { $0.limitedBy != nil }?.window ?? window,
      source: stale?.source ?? .live, asOf: parts.map(\.asOf).min() ?? now,
      staleReason: stale?.staleReason, limitedBy: parts.lazy.compactMap(\.limitedBy).first)
  }

  private func warn(
    _ context: CommandContext, batch: CoinDataService.HistoryBatch, value: PortfolioHistory,
    missing: [String], asked: HistoryWindow, snapshot: HistorySnapshot
  ) {
    context.warnAboutHistory(snapshot, asked: asked, now: context.timeSource.now())
    if !missing.isEmpty {
      let reasons = missing.map { id in
        batch.failures[id].map { "\(id) (\($0.message.dropLast()))" } ?? "\(id) (no history)"
      }
      context.stderr.write(
        "Warning: No price history for \(reasons.joined(separator: ", ")): left out, so the "
          + "chart is partial.\n")
    }
    for id in value.shorter {
      let first = batch.snapshots[id]?.history.points.first.map {
        String(ISO8601Timestamp.format($0.date).prefix(10))
      }
      context.stderr.write(
        "Warning: \(id)'s history starts later than the range (\(first ?? "?")): counted from "
          + "its first point.\n")
    }
  }

  /// Each member as given.
  package init(file: String?, options: ChartOptions) {
    self.file = file
    self.options = options
  }
}
