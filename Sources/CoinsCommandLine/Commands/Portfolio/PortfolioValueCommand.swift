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
      return
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
    let held = snapshot.rows.isEmpty
    if !options.all { snapshot.rows.removeAll { $0.amount == 0 } }
    let allAtZero = !held && snapshot.rows.isEmpty
    if let sort = options.sort {
      snapshot.rows = sort.sort(snapshot.rows, reverse: options.reverse)
    } else if options.reverse {
      snapshot.rows.reverse()
    }
    report(snapshot, in: context)
    if allAtZero && options.format == .table && options.wallet == nil {
      context.stdout.write(PortfolioListing.allAtZeroMessage)
    }
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
      context.stdout.write(options.namingRules(PortfolioJSON.render(snapshot)) + "\n")
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
      + " · \(options.rules.title)"
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

extension PortfolioCommand {
  /// `value`'s options.
  public struct Value: Sendable, Equatable {
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// Table, JSON or CSV.
    public var format: OutputFormat
    /// Plain ASCII sparkline.
    public var ascii: Bool
    /// Currency, cache, fallback, timeout and color.
    public var market: MarketOptions
    /// How sold coins are costed.
    public var method: CostBasisMethod = .fifo
    /// Count realized profit from sales on or after this date only.
    public var since: Date? = nil
    /// The order of the holdings; `nil` keeps the file's.
    var sort: PortfolioSortKey? = nil
    /// `--reverse`.
    public var reverse = false
    /// Only this wallet's coins and sales (`--wallet`).
    public var wallet: String? = nil
    /// Which lots a sale takes when coins are in several wallets (`--scope`).
    public var scope: CostBasisScope = .universal
    /// A row per coin and wallet (`--by-wallet`).
    public var byWallet = false
    /// Also the holdings at zero (`--all`).
    public var all = false
    /// The country's rules (`--rules`): uk costs by the pool's average, de first in, first out
    /// per wallet.
    public var rules: TaxRules = .us

    /// Each member as given.
    package init(
      file: String? = nil, format: OutputFormat, ascii: Bool, market: MarketOptions,
      method: CostBasisMethod = .fifo, since: Date? = nil, sort: PortfolioSortKey? = nil,
      reverse: Bool = false, wallet: String? = nil, scope: CostBasisScope = .universal,
      byWallet: Bool = false, rules: TaxRules = .us, all: Bool = false
    ) {
      self.rules = rules
      self.all = all
      self.file = file
      self.format = format
      self.ascii = ascii
      self.market = market
      self.method = method
      self.since = since
      self.sort = sort
      self.reverse = reverse
      self.wallet = wallet
      self.scope = scope
      self.byWallet = byWallet
    }
  }

  static let valueSpec = CommandSpec(
    path: ["portfolio", "value"],
    abstract: "Value the portfolio: rows, total, 24h change, profit and loss, 7-day sparkline.",
    discussion: """
      Cost basis, unrealized and realized profit count fees; costs in another currency are
      converted at their day's rate (at today's, and said so, beyond the past year).

      Examples:
        coins portfolio value
        coins portfolio value --currency eur --json | jq .total
        coins portfolio value --sort pnl --csv > holdings.csv
        coins portfolio value --method average --since 2026-01-01
      """,
    options: [
      MarketOptions.currencyOption, PortfolioSortKey.option, SortKey.reverseOption, methodOption,
      WalletOptions.scopeOption, WalletOptions.filterOption, WalletOptions.byWalletOption,
      allOption, sinceOption, jsonOption,
      OutputFormat.csvOption, asciiOption, fileOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" } + [
      TaxOptions.rulesOption, TaxOptions.zoneOption,
    ],
    parse: { parsed throws(UsageError) in
      PortfolioValueCommand(options: try Value(parsed))
    })
}

extension PortfolioCommand.Value {
  /// Reads `coins portfolio value`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.valueSpec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    let rules = try TaxOptions.rules(parsed, path: path)
    self.init(
      file: parsed.value(PortfolioCommand.fileOption),
      format: try OutputFormat(parsed, path: path),
      ascii: parsed.flag(PortfolioCommand.asciiOption),
      market: try MarketOptions(parsed, path: path),
      method: try PortfolioCommand.method(parsed, path: path),
      since: try PortfolioCommand.since(parsed, path: path),
      sort: try parsed.value(PortfolioSortKey.option).map { text throws(UsageError) in
        try OptionValue.choice(text, for: PortfolioSortKey.option.quoted, path: path)
      },
      reverse: parsed.flag(SortKey.reverseOption),
      wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
      scope: try WalletOptions.scope(parsed, path: path),
      byWallet: parsed.flag(WalletOptions.byWalletOption), rules: rules,
      all: parsed.flag(PortfolioCommand.allOption))
    if rules.name != TaxRules.us.name { try byCountry(parsed, path: path) }
  }
}
