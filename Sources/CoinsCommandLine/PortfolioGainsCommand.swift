import CoinsModel
import CoinsPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio gains`: every sale's realized gain, the lots it took and each year's
/// totals, in one currency (other currencies converted at their day's rate).
struct PortfolioGainsCommand: RunnableCommand, Equatable {
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

  func run(in context: CommandContext) async -> Int32 {
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
    // By date, then in the order found: small keys are sorted, then the sales gathered once.
    var keys: [(date: Date, ledger: Int, sale: Int)] = []
    for (place, ledger) in ledgers.enumerated() {
      for (index, sale) in ledger.realized.enumerated()
      where year == nil || GainsYear.year(of: sale.date) == year {
        keys.append((sale.date ?? .distantPast, place, index))
      }
    }
    let sales = keys.indices
      .sorted { keys[$0].date == keys[$1].date ? $0 < $1 : keys[$0].date < keys[$1].date }
      .map { ledgers[keys[$0].ledger].realized[keys[$0].sale] }
    context.warnAboutRates(of: ledgers)
    let statement = GainsStatement(sales, currency: currency, method: method, rule: rule)
    switch format {
    case .json:
      context.stdout.write(GainsReport.json(statement) + "\n")
    case .csv where lots:
      context.stdout.write(GainsReport.lotsCSV(statement, names: await context.coinNames()))
    case .csv:
      context.stdout.write(GainsReport.csv(statement))
    case .table:
      context.stdout.write(
        sales.isEmpty
          ? GainsReport.emptyMessage(year: year)
          : GainsReport.text(
            statement, lots: lots, names: await context.coinNames(),
            width: context.terminal.width))
    }
    return ExitCode.success
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
