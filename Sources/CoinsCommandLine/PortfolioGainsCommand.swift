import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio gains`: every sale's realized gain, the lots it took and each year's
/// totals, in one currency (other currencies converted at their day's rate).
package struct PortfolioGainsCommand: RunnableCommand, Equatable {
  /// Only sales in this UTC year.
  var year: Int?
  /// Table, JSON or CSV.
  var format: OutputFormat
  /// How sold coins are costed.
  var method: CostBasisMethod
  /// Each sale's lots in the table, one row per lot in the CSV.
  var lots: Bool = false
  /// When a lot counts as held long term.
  var rule: LongTermRule = .afterAnniversary
  /// Only this wallet's sales (`--wallet`).
  var wallet: String? = nil
  /// Which lots a sale takes when coins are in several wallets (`--scope`).
  var scope: CostBasisScope = .universal
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The currency of the report, and the timeout for exchange rates.
  var market: MarketOptions

  package func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else { return status }
    if let wallet {
      do throws(CommandStopped) {
        try context.knownWallet(wallet, in: portfolio)
      } catch {
        return error.status
      }
    }
    let currency = market.currency
    let rates = await context.exchangeRates(for: portfolio, in: currency, options: market)
    let ledgers = LedgerBuilder.ledgers(
      of: portfolio.holdings.map { ($0, wallet) }, in: currency, method: method, rates: rates,
      scope: scope)
    // By date, then in the order found: small keys are sorted, and each sale copied once.
    var keys: [(date: Double, ledger: Int, sale: Int)] = []
    for (place, ledger) in ledgers.enumerated() {
      for index in ledger.realized.indices {
        let date = ledger.realized[index].date
        guard year == nil || GainsYear.year(of: date) == year else { continue }
        keys.append(((date ?? .distantPast).timeIntervalSinceReferenceDate, place, index))
      }
    }
    keys.sort { $0 < $1 }
    context.warnAboutRates(of: ledgers)
    let statement = GainsStatement(
      ledgers: ledgers, order: keys.map { ($0.ledger, $0.sale) }, currency: currency,
      method: method, rule: rule)
    switch format {
    case .json:
      context.stdout.write(GainsReport.json(statement) + "\n")
    case .csv where lots:
      context.stdout.write(GainsReport.lotsCSV(statement, names: await context.coinNames()))
    case .csv:
      context.stdout.write(GainsReport.csv(statement))
    case .table where statement.sales.isEmpty:
      context.stdout.write(GainsReport.emptyMessage(year: year))
    case .table:
      context.stdout.write(
        utf8: GainsReport.utf8(
          statement, lots: lots, names: await context.coinNames(), width: context.terminal.width))
    }
    // Freed on another core while this one ends the process.
    LetGo.inBackground((consume portfolio, consume ledgers, consume statement))
    return ExitCode.success
  }

  /// Each member as given.
  package init(
    year: Int? = nil, format: OutputFormat, method: CostBasisMethod, lots: Bool = false,
    rule: LongTermRule = .afterAnniversary, wallet: String? = nil,
    scope: CostBasisScope = .universal, file: String? = nil, market: MarketOptions
  ) {
    self.year = year
    self.format = format
    self.method = method
    self.lots = lots
    self.rule = rule
    self.wallet = wallet
    self.scope = scope
    self.file = file
    self.market = market
  }
}

extension CommandContext {
  /// Warns on stderr when some ledger lacked an exchange rate or used today's.
  func warnAboutRates(of ledgers: [HoldingLedger]) {
    let missing = Set(ledgers.flatMap(\.missingRates)).sorted()
    if !missing.isEmpty {
      stderr.write(
        "Warning: no exchange rate for \(missing.joined(separator: ", ")); gains that need it "
          + "are unknown.\n")
    }
    if ledgers.contains(where: \.convertedAtTodaysRate) {
      stderr.write(
        "Note: some figures were converted at today's rate (the day's rate was out of reach).\n")
    }
  }
}
