import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio wallets`: every wallet the portfolio names, with its coins valued
/// against the market as `coins portfolio value --wallet` values them.
struct PortfolioWalletsCommand: RunnableCommand, Equatable {
  /// Table or JSON.
  var json: Bool
  /// How sold coins are costed.
  var method: CostBasisMethod
  /// Which lots a sale takes when coins are in several wallets.
  var scope: CostBasisScope
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// Currency, cache, fallback and timeout.
  var market: MarketOptions
  /// Also the wallets that hold no coins now (`--all`).
  var all = false

  static let spec = CommandSpec(
    path: ["portfolio", "wallets"],
    abstract: "List the wallets with their coins, value, cost and unrealized profit.",
    discussion: """
      A wallet is where coins are kept: an exchange, a hardware wallet. Every transaction
      belongs to one (default unless named with --wallet); a wallet holds what moved in minus
      what moved out. By --scope universal a wallet's coins cost their share of the coin's one
      pool; by --scope wallet, the cost of the lots in that wallet.

      Examples:
        coins portfolio wallets
        coins portfolio wallets --scope wallet --json
      """,
    options: [
      MarketOptions.currencyOption, PortfolioCommand.methodOption, WalletOptions.scopeOption,
      WalletOptions.allOption, OutputFormat.jsonOption, PortfolioCommand.fileOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "wallets"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      return PortfolioWalletsCommand(
        json: parsed.flag(OutputFormat.jsonOption),
        method: try PortfolioCommand.method(parsed, path: path),
        scope: try WalletOptions.scope(parsed, path: path),
        file: parsed.value(PortfolioCommand.fileOption),
        market: try MarketOptions(parsed, path: path),
        all: parsed.flag(WalletOptions.allOption))
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    if portfolio.holdings.isEmpty && !json {
      context.stdout.write(WalletsReport.emptyMessage)
      return
    }
    let service = context.makeService(options: market)
    let request = MarketRequest(
      currency: market.currency, count: 250, extraIDs: portfolio.holdings.map(\.id),
      maxAge: market.maxAge, allowFallback: !market.liveOnly)
    let snapshot: MarketSnapshot
    do {
      snapshot = try await service.snapshot(for: request)
    } catch {
      throw CommandFailure(error)
    }
    context.warnIfNotLive(snapshot, now: context.timeSource.now())
    let rates = await context.exchangeRates(
      for: portfolio, in: snapshot.currency, options: market)
    let wallets = portfolio.wallets.map { name in
      WalletsReport.Wallet(
        name: name,
        snapshot: PortfolioValuation.value(
          portfolio, in: snapshot, method: method, rates: rates, scope: scope, wallet: name))
    }.filter { all || $0.snapshot.rows.contains { $0.amount != 0 } }
    if json {
      context.stdout.write(
        WalletsReport.json(wallets, currency: snapshot.currency, scope: scope) + "\n")
    } else {
      context.stdout.write(
        WalletsReport.text(
          wallets, currency: CurrencyStyle(code: snapshot.currency), scope: scope,
          width: context.terminal.width))
    }
  }
}
