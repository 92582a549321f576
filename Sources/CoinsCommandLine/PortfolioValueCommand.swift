import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// Runs `coins portfolio value`: the holdings joined with the market through ``HomeModel``,
/// which follows ``CoinDataService``'s stream; the first snapshot is printed.
struct PortfolioValueCommand {
  let options: PortfolioCommand.Value

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: options.file)
    let portfolio: Portfolio
    do {
      portfolio = try store.load()
    } catch {
      return context.fail(error)
    }
    if portfolio.holdings.isEmpty && options.format != .json {
      context.stdout.write(PortfolioListing.emptyMessage)
      return ExitCode.success
    }
    let service = context.makeService(options: options.market)
    let home = HomeModel(portfolio: portfolio)
    let snapshots = await home.updates()
    await home.attach(to: service)
    let request = MarketRequest(
      currency: options.market.currency, count: 250, extraIDs: portfolio.holdings.map(\.id),
      maxAge: options.market.maxAge, allowFallback: !options.market.liveOnly)
    do {
      _ = try await service.snapshot(for: request)
    } catch {
      await home.detach()
      return context.fail(error)
    }
    var iterator = snapshots.makeAsyncIterator()
    let first = await iterator.next()
    await home.detach()
    guard let snapshot = first else {
      return context.fail("No market data.", status: ExitCode.failure)
    }
    report(snapshot, in: context)
    return ExitCode.success
  }

  private func report(_ snapshot: PortfolioSnapshot, in context: CommandContext) {
    let now = context.timeSource.now()
    if let warning = SnapshotLabel.warning(for: snapshot.market, now: now) {
      context.stderr.write(warning + "\n")
    }
    if !snapshot.unpriced.isEmpty {
      context.stderr.write(
        "Warning: no price for \(snapshot.unpriced.joined(separator: ", ")); "
          + "left out of the total.\n")
    }
    if options.format == .json {
      context.stdout.write(PortfolioJSON.render(snapshot) + "\n")
      return
    }
    let style = context.style(options.market.color)
    let currency = CurrencyStyle(code: snapshot.market.currency)
    let freshness = SnapshotLabel.freshness(of: snapshot.market, now: now)
    let title =
      "Portfolio in \(currency.displayCode) · "
      + style.apply(snapshot.market.source == .live ? .dim : .yellow, to: freshness)
    let table = PortfolioTable(
      currency: currency, sparkline: options.ascii ? .ascii : .blocks, style: style)
    let lines = [title] + table.render(snapshot, width: context.terminal.width)
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }
}
