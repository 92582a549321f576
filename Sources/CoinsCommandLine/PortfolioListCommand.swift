import CoinsModel
import CoinsPresentation

/// Runs `coins portfolio list`: the holdings and lots from the file alone.
package struct PortfolioListCommand: RunnableCommand, Equatable {
  let options: PortfolioCommand.List

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: options.file)
    let portfolio = try context.loadPortfolio(from: store)
    if let wallet = options.wallet {
      try context.knownWallet(wallet, in: portfolio)
    }
    let parts = PortfolioListing.Part.of(
      portfolio, wallet: options.wallet, byWallet: options.byWallet)
    if options.json {
      context.stdout.write(PortfolioListing.json(parts, file: store.url.path) + "\n")
    } else if portfolio.holdings.isEmpty {
      context.stdout.write(PortfolioListing.emptyMessage)
    } else {
      context.stdout.write(
        PortfolioListing.text(
          parts, holdings: Set(parts.map(\.id)).count, file: store.url.path,
          names: await context.coinNames(),
          width: context.terminal.width))
    }
  }

  /// Each member as given.
  package init(options: PortfolioCommand.List) {
    self.options = options
  }
}
