import CoinsModel
import CoinsPresentation
import FoundationEssentials

/// Runs `coins portfolio gains`: every sale's realized gain and each year's total, in one
/// currency (other currencies converted at their day's rate).
struct PortfolioGainsCommand: RunnableCommand, Equatable {
  /// Only sales in this UTC year.
  var year: Int?
  /// Table, JSON or CSV.
  var format: OutputFormat
  /// How sold coins are costed.
  var method: CostBasisMethod
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The currency of the report, and the timeout for exchange rates.
  var market: MarketOptions

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let portfolio = context.loadPortfolio(from: store, status: &status) else { return status }
    let currency = market.currency
    let rates = await context.exchangeRates(for: portfolio, in: currency, options: market)
    let ledgers = portfolio.holdings.map {
      LedgerBuilder.ledger(of: $0, in: currency, method: method, rates: rates)
    }
    let realized = ledgers.flatMap(\.realized)
      .filter { year == nil || GainsYear.year(of: $0.date) == year }
    // By date, then in the order found; the indices are sorted, not the sales.
    let dates = realized.map { $0.date ?? .distantPast }
    let sales = realized.indices
      .sorted { dates[$0] == dates[$1] ? $0 < $1 : dates[$0] < dates[$1] }
      .map { realized[$0] }
    let missing = Set(ledgers.flatMap(\.missingRates)).sorted()
    if !missing.isEmpty {
      context.stderr.write(
        "Warning: no exchange rate for \(missing.joined(separator: ", ")); gains that need it "
          + "are unknown.\n")
    }
    if ledgers.contains(where: \.convertedAtTodaysRate) {
      context.stderr.write(
        "Note: some figures were converted at today's rate (the day's rate was out of reach).\n")
    }
    switch format {
    case .json:
      context.stdout.write(GainsReport.json(sales, currency: currency, method: method) + "\n")
    case .csv:
      context.stdout.write(GainsReport.csv(sales, currency: currency))
    case .table:
      context.stdout.write(
        sales.isEmpty
          ? GainsReport.emptyMessage(year: year)
          : GainsReport.text(
            sales, currency: currency, method: method, names: await context.coinNames(),
            width: context.terminal.width))
    }
    return ExitCode.success
  }
}
