import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins chart`: resolves the coin as `info` does, gets its history (or candles) through
/// the service's cache and fallbacks, and draws it, or prints it as JSON or CSV.
package struct ChartCommand: RunnableCommand, Equatable {
  let coin: String
  let isID: Bool
  let options: ChartOptions

  static let spec = CommandSpec(
    path: ["chart"],
    abstract: "Chart a coin's price over a range, as a line or as candles.",
    discussion: """
      Examples:
        coins chart btc                      # the last 7 days
        coins chart eth --range 1y --currency eur
        coins chart btc --candles --range 30d
        coins chart sol --from 2026-01-01 --to 2026-02-01 --csv
      """,
    arguments: [.init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin)],
    options: [PortfolioCommand.idOption] + ChartOptions.specs,
    parse: { parsed throws(UsageError) in
      let path = ["chart"]
      let (coin, isID, rest) = try PortfolioCommand.coinArgument(parsed, path: path)
      try ParsedArguments.noExtra(rest[...], path: path)
      return ChartCommand(coin: coin, isID: isID, options: try ChartOptions(parsed, path: path))
    })

  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }
  package func run(in context: CommandContext) async throws(CommandFailure) {
    do {
      try options.checkWindow(at: context.timeSource.now(), path: Self.spec.path)
    } catch {
      throw CommandFailure(error)
    }
    let market = options.market
    let service = context.makeService(options: market)
    let found: SymbolResolver.Candidate
    do {
      found = try await CoinLookup(
        service: service, currency: market.currency, maxAge: market.maxAge
      )
      .find(coin, isID: isID).0
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    let window = options.window(at: now)
    let request = HistoryRequest(
      id: found.id, currency: market.currency, window: window, candles: options.candles,
      maxAge: options.maxAge, allowFallback: !market.liveOnly)
    let snapshot: HistorySnapshot
    do {
      snapshot = try await service.history(request)
    } catch {
      throw CommandFailure(error)
    }
    let subject = ChartSubject(id: found.id, symbol: found.symbol, name: found.name)
    context.warnAboutHistory(snapshot, asked: window, now: context.timeSource.now())
    context.writeChart(
      snapshot, of: subject, asked: window, options: options, currency: market.currency)
  }

  /// Each member as given.
  package init(coin: String, isID: Bool, options: ChartOptions) {
    self.coin = coin
    self.isID = isID
    self.options = options
  }
}
