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
  /// The country's rules (`--rules`); the US's keep the report above.
  var rules: TaxRules = .us
  /// What the rules' report needs from outside the portfolio.
  var settings = TaxSettings()
  /// US: what the broker's form reported (`--box`): the Form 8949 and Schedule D report.
  var box: BasisReporting? = nil

  package func run(in context: CommandContext) async throws(CommandFailure) {
    guard rules.name == TaxRules.us.name else { return try await runByCountry(in: context) }
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    if let wallet {
      try context.knownWallet(wallet, in: portfolio)
    }
    let currency = market.currency
    let rates = await context.exchangeRates(for: portfolio, in: currency, options: market)
    // The table (and the CSV of lots) names the coins: their names are read from disk while
    // the statement is made.
    let named = box == nil && (format == .table || (format == .csv && lots))
    async let heldNames = named ? context.heldCoins().names() : CoinNames()
    let ledgers = LedgerBuilder.ledgers(
      of: portfolio.holdings.map { ($0, wallet) }, in: currency, method: method, rates: rates,
      scope: scope, provenance: format != .table)
    let statement = GainsStatement(
      ledgers: ledgers, year: year, currency: currency, method: method, rule: rule)
    // By average cost no lot says what a sale's cost stood on: the ledgers of the coins sold do.
    let averageAtTodaysRate =
      !method.hasLots && ledgers.contains(where: \.convertedAtTodaysRate)
      && !statement.soldCoins.isDisjoint(
        with: ledgers.lazy.filter(\.convertedAtTodaysRate).map(\.coin))
    context.warnAboutRates(
      of: ledgers, todays: statement.convertedAtTodaysRate || averageAtTodaysRate)
    if let box {
      return await reportForms(statement, reporting: box, in: context)
    }
    // The rules applied are named first: in the title line and as the JSON's first members.
    let title = TaxReportText.title("Gains", rules: rules, currency: currency) + "\n"
    switch format {
    case .json:
      context.stdout.write(
        TaxReportText.namingRules(GainsReport.json(statement), rules: rules) + "\n")
    case .csv where lots:
      context.stdout.write(GainsReport.lotsCSV(statement, names: await heldNames))
    case .csv:
      context.stdout.write(GainsReport.csv(statement))
    case .table where statement.sales.isEmpty:
      context.stdout.write(title + GainsReport.emptyMessage(year: year))
    case .table:
      context.stdout.write(title)
      context.stdout.write(
        utf8: GainsReport.utf8(
          statement, lots: lots, names: await heldNames, width: context.terminal.width))
    }
    // Not freed: the process ends right after, and the system takes the memory back.
    LetGo.atExit((consume portfolio, consume ledgers, consume statement))
  }

  /// Each member as given.
  package init(
    year: Int? = nil, format: OutputFormat, method: CostBasisMethod, lots: Bool = false,
    rule: LongTermRule = .afterAnniversary, wallet: String? = nil,
    scope: CostBasisScope = .universal, file: String? = nil, market: MarketOptions,
    rules: TaxRules = .us, settings: TaxSettings = TaxSettings(), box: BasisReporting? = nil
  ) {
    self.box = box
    self.rules = rules
    self.settings = settings
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
  /// Warns on stderr when some ledger lacked an exchange rate, and notes when a figure shown
  /// was converted at today's rate (`todays`).
  func warnAboutRates(of ledgers: [HoldingLedger], todays: Bool) {
    let missing = Set(ledgers.flatMap(\.missingRates)).sorted()
    if !missing.isEmpty {
      stderr.write(
        "Warning: no exchange rate for \(missing.joined(separator: ", ")); gains that need it "
          + "are unknown.\n")
    }
    if todays { stderr.write(Self.todaysRateNote) }
  }
}

extension PortfolioCommand {
  static let yearOption = CommandSpec.Option(
    name: "--year", valueName: "year",
    help: "Only sales in this year (UTC), e.g. 2026; under uk the tax year beginning then (2024: "
      + "2024/25).")

  static let lotsOption = CommandSpec.Option(
    name: "--lots",
    help: "Show the lots each sale took (with --csv: one row per lot, as Form 8949 lists them).")
  static let longTermAfterOption = CommandSpec.Option(
    name: "--long-term-after", valueName: "days",
    help: "Count a lot as long term when held more than this many days (default: sold after the "
      + "anniversary of its acquisition).")

  static let gainsSpec = CommandSpec(
    path: ["portfolio", "gains"],
    abstract: "Realized gains per sale and per year, with the lots sold and their term.",
    discussion: """
      Proceeds are after the sale's fee; cost basis includes the buys' fees. Figures in other
      currencies are converted at their day's rate (today's beyond the past year, and said so).
      Money is rounded to the currency's minor unit, half to even; a year's totals are the
      sums of its rows. Not tax advice: by US rules no wash-sale rule is applied; --rules uk
      and --rules de report by HMRC's share matching and by § 23 EStG (docs/tax.md).

      Examples:
        coins portfolio gains --year 2026
        coins portfolio gains --method hifo --lots
        coins portfolio gains --year 2026 --csv --lots > form8949.csv
        coins portfolio gains --rules uk --year 2024
      """,
    options: [
      yearOption, TaxOptions.rulesOption, methodOption, WalletOptions.scopeOption,
      WalletOptions.filterOption, lotsOption,
      longTermAfterOption, MarketOptions.currencyOption, OutputFormat.jsonOption,
      OutputFormat.csvOption, fileOption, MarketOptions.timeoutOption, TaxOptions.zoneOption,
      TaxOptions.otherPrivateSalesOption, TaxOptions.boxOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "gains"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      let method = try method(parsed, path: path)
      let rules = try TaxOptions.rules(parsed, path: path)
      if rules.name != TaxRules.us.name {
        return try byCountry(parsed, rules: rules, method: method, path: path)
      }
      let lots = parsed.flag(lotsOption)
      var rule = LongTermRule.afterAnniversary
      if let text = parsed.value(longTermAfterOption) {
        guard let days = Int(text), (0...36_600).contains(days) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--long-term-after <days>': "
              + "expected a whole number of days such as 365.", commandPath: path)
        }
        rule = .afterDays(days)
      }
      if !method.hasLots && (lots || parsed.value(longTermAfterOption) != nil) {
        throw UsageError(
          "Average cost has no lots: '--lots' and '--long-term-after' need --method fifo, lifo or "
            + "hifo.", commandPath: path)
      }
      return PortfolioGainsCommand(
        year: try year(parsed, path: path), format: try OutputFormat(parsed, path: path),
        method: method, lots: lots, rule: rule,
        wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
        scope: try WalletOptions.scope(parsed, path: path), file: parsed.value(fileOption),
        market: try MarketOptions(parsed, path: path),
        box: try parsed.value(TaxOptions.boxOption).map { _ throws(UsageError) in
          try TaxOptions.basisReporting(parsed, path: path)
        })
    })

  /// `--year <year>`, when given.
  static func year(_ parsed: ParsedArguments, path: [String]) throws(UsageError) -> Int? {
    guard let text = parsed.value(yearOption) else { return nil }
    guard let value = Int(text), (1970...9999).contains(value) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '--year <year>': expected "
          + "a year such as 2026.", commandPath: path)
    }
    return value
  }
}
