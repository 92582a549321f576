import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

/// `gains --rules uk` and `--rules de`: the report each country's rules give, in their
/// currency, on their local days, for the tax years asked.
extension PortfolioGainsCommand {
  func runByCountry(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    let rates = await context.exchangeRates(for: portfolio, in: market.currency, options: market)
    // The table names the coins: their names are read from disk while the report is made.
    async let heldNames = Self.names(for: format, in: context)
    // Only the JSON shows how each sale's figures were had: the text and the CSV need not
    // work it out for every sale and lot.
    let report = rules.report(
      of: portfolio.holdings, rates: rates, settings: settings, provenance: format == .json)
    let names = await heldNames
    switch report {
    case .uk(let uk):
      let years = year.map { asked in uk.years.filter { $0.year == asked } } ?? uk.years
      context.warnAboutMissingRates(
        uk.missingRates, todays: years.contains(where: \.convertedAtTodaysRate))
      switch format {
      case .json: context.stdout.write(UKGainsReport.json(uk, years: years, rules: rules) + "\n")
      case .csv: context.stdout.write(UKGainsReport.csv(uk, years: years))
      case .table:
        context.stdout.write(
          utf8: UKGainsReport.utf8(
            uk, years: years, rules: rules, names: names,
            emptyYear: year.map(rules.taxYear.label)))
      }
    case .de(let german):
      let years = year.map { asked in german.years.filter { $0.year == asked } } ?? german.years
      context.warnAboutMissingRates(
        german.missingRates, todays: years.contains(where: \.convertedAtTodaysRate))
      switch format {
      case .json:
        context.stdout.write(GermanGainsReport.json(german, years: years, rules: rules) + "\n")
      case .csv: context.stdout.write(GermanGainsReport.csv(german, years: years))
      case .table:
        context.stdout.write(
          utf8: GermanGainsReport.utf8(
            german, years: years, rules: rules, names: names, emptyYear: year))
      }
    case .us:
      break
    }
    // Not freed: the process ends right after, and the system takes the memory back.
    LetGo.atExit((consume portfolio, consume report))
  }
}

extension PortfolioGainsCommand {
  /// The held coins' names on disk for a table (which names them), none for JSON or CSV.
  private static func names(for format: OutputFormat, in context: CommandContext) async
    -> CoinNames
  {
    format == .table ? await context.heldCoins().names() : CoinNames()
  }

  /// `gains --box`: the statement's lots as Form 8949 rows by box, with Schedule D's totals.
  func reportForms(
    _ statement: GainsStatement, reporting: BasisReporting, in context: CommandContext
  )
    async
  {
    let years = ScheduleDYear.years(of: statement, reporting: reporting)
    switch format {
    case .json:
      context.stdout.write(
        ScheduleDReport.json(years, currency: statement.currency, reporting: reporting) + "\n")
    case .csv:
      context.stdout.write(
        ScheduleDReport.csv(
          years, currency: statement.currency, names: await context.heldCoins().names()))
    case .table:
      context.stdout.write(
        ScheduleDReport.text(
          years, currency: statement.currency, reporting: reporting,
          names: await context.heldCoins().names(), emptyYear: year))
    }
  }
}

extension CommandContext {
  /// Warns on stderr when a rule set's report lacked an exchange rate, and notes, as US `gains`
  /// does, when a figure shown was converted at today's rate (`todays`).
  func warnAboutMissingRates(_ missing: Set<String>, todays: Bool = false) {
    if !missing.isEmpty {
      stderr.write(
        "Warning: no exchange rate for \(missing.sorted().joined(separator: ", ")); figures "
          + "that need it are unknown.\n")
    }
    if todays { stderr.write(Self.todaysRateNote) }
  }

  /// The note of a report some of whose figures were converted at today's rate.
  static let todaysRateNote =
    "Note: some figures were converted at today's rate (the day's rate was out of reach).\n"
}

extension PortfolioCommand {
  /// `gains --rules uk|de`: the options those rules allow, the currency theirs unless
  /// `--currency` says otherwise; an option they refuse is a usage error naming the rule.
  static func byCountry(
    _ parsed: ParsedArguments, rules named: TaxRules, method: CostBasisMethod, path: [String]
  ) throws(UsageError) -> PortfolioGainsCommand {
    let scope: CostBasisScope? =
      parsed.value(WalletOptions.scopeOption) == nil
      ? nil : try WalletOptions.scope(parsed, path: path)
    var rules = try TaxOptions.rules(
      named, method: parsed.value(methodOption) == nil ? nil : method, scope: scope,
      longTerm: parsed.value(longTermAfterOption) == nil ? nil : .afterAnniversary, path: path)
    let isUK = rules.matching == .shareMatching
    if parsed.value(TaxOptions.boxOption) != nil {
      throw TaxOptions.refused(
        "--box", under: rules, because: "it picks a box of the US's Form 8949", path: path)
    }
    if parsed.flag(lotsOption) {
      throw TaxOptions.refused(
        "--lots", under: rules,
        because: isUK
          ? "the report always shows what each rule matched and at what cost"
          : "the report always shows each sale's lots with their days held", path: path)
    }
    if parsed.value(WalletOptions.filterOption) != nil {
      throw TaxOptions.refused(
        "--wallet", under: rules,
        because: isUK
          ? "HMRC's figures cover every wallet (one section 104 pool per coin per person)"
          : "the Freigrenze counts the sales of every wallet", path: path)
    }
    var settings = TaxSettings()
    if let text = parsed.value(TaxOptions.otherPrivateSalesOption) {
      guard !isUK else {
        throw TaxOptions.refused(
          "--other-private-sales", under: rules,
          because: "it is Germany's (§ 23 EStG's Freigrenze)", path: path)
      }
      settings.otherPrivateSales = try TaxOptions.otherPrivateSales(text, path: path)
    }
    var market = try MarketOptions(parsed, path: path)
    market.currency = TaxOptions.currency(parsed, market: market, rules: rules)
    rules.currency = market.currency
    return PortfolioGainsCommand(
      year: try year(parsed, path: path), format: try OutputFormat(parsed, path: path),
      method: .fifo, file: parsed.value(fileOption), market: market, rules: rules,
      settings: settings)
  }
}
