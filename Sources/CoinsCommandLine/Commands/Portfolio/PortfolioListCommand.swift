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
      portfolio, wallet: options.wallet, byWallet: options.byWallet
    ).filter { options.all || $0.amount != 0 }
    if options.json {
      context.stdout.write(PortfolioListing.json(parts, file: store.url.path) + "\n")
    } else if portfolio.holdings.isEmpty {
      context.stdout.write(PortfolioListing.emptyMessage)
    } else if parts.isEmpty && !options.all && options.wallet == nil {
      context.stdout.write(PortfolioListing.allAtZeroMessage)
    } else {
      context.stdout.write(
        PortfolioListing.text(
          parts, holdings: Set(parts.map(\.id)).count, file: store.url.path,
          names: await context.heldCoins().names(),
          width: context.terminal.width))
    }
  }

  /// Each member as given.
  package init(options: PortfolioCommand.List) {
    self.options = options
  }
}

extension PortfolioCommand {
  /// `list`'s options.
  public struct List: Sendable, Equatable {
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// JSON instead of a table.
    public var json: Bool
    /// Only this wallet's coins and lots (`--wallet`).
    public var wallet: String? = nil
    /// A row per coin and wallet (`--by-wallet`).
    public var byWallet = false
    /// Also the holdings at zero (`--all`).
    public var all = false

    /// Each member as given.
    package init(
      file: String? = nil, json: Bool, wallet: String? = nil, byWallet: Bool = false,
      all: Bool = false
    ) {
      self.file = file
      self.json = json
      self.wallet = wallet
      self.byWallet = byWallet
      self.all = all
    }
  }

  static let listSpec = CommandSpec(
    path: ["portfolio", "list"],
    abstract: "Show the holdings and their open lots (oldest first), from the file alone.",
    options: [
      jsonOption, WalletOptions.filterOption, WalletOptions.byWalletOption, allOption, fileOption,
    ],
    parse: { parsed throws(UsageError) in
      PortfolioListCommand(options: try List(parsed))
    })
}

extension PortfolioCommand.List {
  /// Reads `coins portfolio list`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.listSpec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    self.init(
      file: parsed.value(PortfolioCommand.fileOption),
      json: parsed.flag(PortfolioCommand.jsonOption),
      wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
      byWallet: parsed.flag(WalletOptions.byWalletOption),
      all: parsed.flag(PortfolioCommand.allOption))
  }
}
