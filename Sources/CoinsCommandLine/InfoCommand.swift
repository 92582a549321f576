import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// Runs `coins info`: resolves the coin as the portfolio does, then shows its market row in
/// detail (from the top-250 snapshot, or one `ids` request for a coin outside it).
struct InfoCommand: RunnableCommand, Equatable {
  let coin: String
  let isID: Bool
  let json: Bool
  let ascii: Bool
  let market: MarketOptions

  func run(in context: CommandContext) async -> Int32 {
    let service = context.makeService(options: market)
    let lookup = CoinLookup(
      service: service, currency: market.currency,
      maxAge: market.maxAge)
    let found: SymbolResolver.Candidate
    do {
      found = try await lookup.find(coin, isID: isID).0
    } catch {
      return context.fail(error.message, status: error.exitCode)
    }
    let request = MarketRequest(
      currency: market.currency, count: 250, extraIDs: [found.id], maxAge: market.maxAge,
      allowFallback: !market.liveOnly)
    let snapshot: MarketSnapshot
    do {
      snapshot = try await service.snapshot(for: request)
    } catch {
      return context.fail(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(snapshot, now: now)
    guard let row = snapshot.coin(id: found.id) else {
      return context.fail(
        "No market data for \(found.name) (\(found.id)) in this snapshot.",
        status: ExitCode.unavailable)
    }
    if json {
      context.stdout.write(CoinInfoView.json(row, snapshot: snapshot) + "\n")
    } else {
      let view = CoinInfoView(
        currency: CurrencyStyle(code: snapshot.currency), style: context.style(market.color),
        ascii: ascii)
      let lines = view.lines(row, snapshot: snapshot, now: now, width: context.terminal.width)
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
    return ExitCode.success
  }
}
