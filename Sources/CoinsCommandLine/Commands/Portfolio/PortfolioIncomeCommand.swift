import CoinsModel
import CoinsPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio income`: the transfers in marked as income at their value when
/// received, per coin and year, in one currency (others converted at their day's rate).
package struct PortfolioIncomeCommand: RunnableCommand, Equatable {
  /// Only income received in this UTC year.
  var year: Int?
  /// Table, JSON or CSV.
  var format: OutputFormat
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The currency of the report, and the timeout for exchange rates.
  var market: MarketOptions
  /// The country's rules (`--rules`); the US's keep the report by calendar year.
  var rules: TaxRules = .us

  static let yearOption = CommandSpec.Option(
    name: "--year", valueName: "year",
    help: "Only income received in this year (UTC), e.g. 2026; under uk the tax year beginning "
      + "then (2024: 2024/25).")

  static let spec = CommandSpec(
    path: ["portfolio", "income"],
    abstract: "Income received (staking, rewards, airdrops) at its value then, per coin and year.",
    discussion: """
      Lists the transfers in marked as income (transfer in --income) at amount × their price,
      converted at their day's rate and rounded to the currency's minor unit; a year's totals
      are the sums of its rows. That value is also the coins' cost when they are sold.

      Examples:
        coins portfolio income --year 2026
        coins portfolio income --currency eur --csv > income.csv
        coins portfolio income --rules de --year 2024
      """,
    options: [
      yearOption, TaxOptions.rulesOption, MarketOptions.currencyOption, OutputFormat.jsonOption,
      OutputFormat.csvOption,
      PortfolioCommand.fileOption, MarketOptions.timeoutOption, TaxOptions.zoneOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "income"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var year: Int?
      if let text = parsed.value(yearOption) {
        guard let value = Int(text), (1970...9999).contains(value) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--year <year>': expected "
              + "a year such as 2026.", commandPath: path)
        }
        year = value
      }
      var rules = try TaxOptions.rules(parsed, path: path)
      var market = try MarketOptions(parsed, path: path)
      if rules.name != TaxRules.us.name {
        market.currency = TaxOptions.currency(parsed, market: market, rules: rules)
        rules.currency = market.currency
      }
      return PortfolioIncomeCommand(
        year: year, format: try OutputFormat(parsed, path: path),
        file: parsed.value(PortfolioCommand.fileOption), market: market, rules: rules)
    })

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    let currency = market.currency
    var income = Portfolio(
      holdings: portfolio.holdings.map { holding in
        var only = holding
        only.transactions = holding.transactions.filter(\.isIncome)
        return only
      }.filter { !$0.transactions.isEmpty })
    try await priceUnvalued(&income, in: context)
    let rates = await context.exchangeRates(for: income, in: currency, options: market)
    guard rules.name == TaxRules.us.name else {
      return await report(
        TaxIncomeReport(holdings: income.holdings, rules: rules, rates: rates, year: year),
        in: context)
    }
    let statement = IncomeStatement(income, currency: currency, rates: rates, year: year)
    if !statement.missingRates.isEmpty {
      context.stderr.write(
        "Warning: no exchange rate for \(statement.missingRates.joined(separator: ", ")); "
          + "income in it is unknown.\n")
    }
    if statement.convertedAtTodaysRate {
      context.stderr.write(
        "Note: some figures were converted at today's rate (the day's rate was out of reach).\n")
    }
    // The rules applied are named first: in the title line and as the JSON's first members.
    switch format {
    case .json:
      context.stdout.write(
        TaxReportText.namingRules(IncomeReport.json(statement), rules: rules) + "\n")
    case .csv: context.stdout.write(IncomeReport.csv(statement))
    case .table:
      context.stdout.write(TaxReportText.title("Income", rules: rules, currency: currency) + "\n")
      context.stdout.write(
        statement.receipts.isEmpty
          ? IncomeReport.emptyMessage(year: year)
          : IncomeReport.text(
            statement, names: await context.heldCoins().names(), width: context.terminal.width))
    }
  }

  /// Each member as given.
  package init(
    year: Int? = nil, format: OutputFormat, file: String? = nil, market: MarketOptions,
    rules: TaxRules = .us
  ) {
    self.rules = rules
    self.year = year
    self.format = format
    self.file = file
    self.market = market
  }

  /// Prints the income by a country's rules.
  private func report(_ report: TaxIncomeReport, in context: CommandContext) async {
    context.warnAboutMissingRates(report.missingRates)
    switch format {
    case .json: context.stdout.write(report.json() + "\n")
    case .csv: context.stdout.write(report.csv())
    case .table:
      context.stdout.write(report.text(names: await context.heldCoins().names(), emptyYear: year))
    }
  }
}
