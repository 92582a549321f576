import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio value`: the holdings valued against the market snapshot the service
/// answers with, and printed.
package struct PortfolioValueCommand: RunnableCommand, Equatable {
  package let options: PortfolioCommand.Value

  package var marketMaxAge: Double? { options.market.maxAge }
  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: options.file)
    let portfolio = try context.loadPortfolio(from: store)
    if let wallet = options.wallet {
      try context.knownWallet(wallet, in: portfolio)
    }
    if portfolio.holdings.isEmpty && options.format == .table {
      context.stdout.write(PortfolioListing.emptyMessage)
    }
    let service = context.makeService(options: options.market)
    let request = MarketRequest(
      currency: options.market.currency, count: 250, extraIDs: portfolio.holdings.map(\.id),
      maxAge: options.market.maxAge, allowFallback: !options.market.liveOnly)
    let market: MarketSnapshot
    do {
      market = try await service.snapshot(for: request)
    } catch {
      throw CommandFailure(error)
    }
    let rates = await context.exchangeRates(
      for: portfolio, in: market.currency, options: options.market)
    var snapshot = PortfolioValuation.value(
      portfolio, in: market, method: options.method, rates: rates, realizedSince: options.since,
      scope: options.scope, wallet: options.wallet, byWallet: options.byWallet)
    if let sort = options.sort {
      snapshot.rows = sort.sort(snapshot.rows, reverse: options.reverse)
    } else if options.reverse {
      snapshot.rows.reverse()
    }
    report(snapshot, in: context)
  }

  private func report(_ snapshot: PortfolioSnapshot, in context: CommandContext) {
    let now = context.timeSource.now()
    context.warnIfNotLive(snapshot.market, now: now)
    if !snapshot.missingRates.isEmpty {
      context.stderr.write(
        "Warning: no exchange rate for \(snapshot.missingRates.joined(separator: ", ")); costs in "
          + "it are left out of cost and profit.\n")
    }
    if !snapshot.unpriced.isEmpty {
      context.stderr.write(
        "Warning: no price for \(snapshot.unpriced.joined(separator: ", ")); "
          + "left out of the total.\n")
    }
    switch options.format {
    case .json:
      context.stdout.write(PortfolioJSON.render(snapshot) + "\n")
      return
    case .csv:
      context.stdout.write(PortfolioCSV.render(snapshot))
      return
    case .table:
      break
    }
    let style = context.style(options.market.color)
    let currency = CurrencyStyle(code: snapshot.market.currency).ascii(options.ascii)
    let title =
      "Portfolio\(options.wallet.map { " · wallet \($0)" } ?? "") in \(currency.displayCode) · "
      + SnapshotLabel.styledFreshness(of: snapshot.market, now: now, style: style)
    let table = PortfolioTable(
      currency: currency, sparkline: options.ascii ? .ascii : .blocks, style: style,
      sortedColumn: options.sort?.column)
    let lines = [title] + table.render(snapshot, width: context.terminal.width)
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }

  /// Each member as given.
  package init(options: PortfolioCommand.Value) {
    self.options = options
  }
}
