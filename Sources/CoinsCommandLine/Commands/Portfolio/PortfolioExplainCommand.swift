import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

/// Runs `coins portfolio explain <transaction>`: how one transaction's figures were made — for
/// a sale the rules, its proceeds and fee and each lot it took, adding up to its figures
/// exactly; for income its value and where that came from; for a buy the sales that took from it.
struct PortfolioExplainCommand: RunnableCommand, Equatable {
  /// The transaction's id.
  var transaction: String
  /// How sold coins are costed (`--method`).
  var method: CostBasisMethod = .fifo
  /// Which lots a sale takes (`--scope`).
  var scope: CostBasisScope = .universal
  /// `--json`.
  var json = false
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The currency of the figures, and the timeout for exchange rates.
  var market: MarketOptions
  /// The country's rules (`--rules`, `[tax] rules`): a sale by the UK's or Germany's rules
  /// is explained by their matching; every other transaction alike under each.
  var rules: TaxRules = .us

  func run(in context: CommandContext) async throws(CommandFailure) {
    let portfolio = try context.loadPortfolio(from: context.portfolioStore(file: file))
    guard portfolio.transaction(id: transaction) != nil else {
      throw CommandFailure(
        "No transaction \(Sanitizer.printable(transaction)) in the portfolio (coins portfolio "
          + "history lists them with their ids).", kind: .badData)
    }
    let rates = await context.exchangeRates(
      for: portfolio, in: market.currency, options: market)
    let builder = ExplanationBuilder(
      currency: market.currency, method: method, scope: scope, rates: rates)
    guard let explanation = builder.explain(transaction, in: portfolio, rules: rules) else {
      return
    }
    if case .sale(let sale) = explanation {
      let rates = [sale.conversion] + sale.lots.map(\.conversion)
      let missing = Set(rates.compactMap { $0?.rate == nil ? $0?.from : nil }).sorted()
      if !missing.isEmpty {
        context.stderr.write(
          "Warning: no exchange rate for \(missing.joined(separator: ", ")); figures that need "
            + "it are unknown.\n")
      }
      if rates.contains(where: { $0?.atTodaysRate == true }) {
        context.stderr.write(
          "Note: some figures were converted at today's rate (the day's rate was out of reach).\n")
      }
    }
    if case .ukSale(let sale) = explanation, sale.proceeds == nil || sale.fees == nil {
      context.stderr.write(
        "Warning: a figure of this disposal is unknown (no price, or no exchange rate into "
          + "\(market.currency.uppercased())).\n")
    }
    if json {
      context.stdout.write(ExplanationView.json(explanation, rules: rules.name) + "\n")
    } else {
      context.stdout.write(
        ExplanationView.text(
          explanation, rules: rules.title, names: await context.heldCoins().names()))
    }
  }

  static let spec = CommandSpec(
    path: ["portfolio", "explain"],
    abstract: "Show how a transaction's figures were made: a sale's lots, income's value.",
    discussion: """
      For a sale: the rules, method and scope; its proceeds and fee; each lot it took (the buy,
      its date, amount, price and where the price came from, its share of the buy's fee, any
      conversion and its rate) with its share of the sale's proceeds, cost basis and gain —
      each rounded to the cent, the last lot taking what is left, so the lots add up to the
      sale's figures exactly (as coins portfolio gains shows them); the holding period
      (acquired, the last day of its first year, sold: short or long term); for a lot moved
      between your wallets, the moves. For income: its fair value and where the value came
      from. For a buy or deposit: the sales that took from it.

      With --rules uk, a sale is explained as HMRC's share matching counts it (in GBP on London's
      days unless --currency and --zone say otherwise): the disposal it is part of (a coin's
      sales on one day are one), what the same-day rule, the 30-day rule (naming the
      acquisitions and their day) and the section 104 pool (with the pool's coins and cost at
      that moment) matched, and the allowable costs, the fees and the matches' costs adding up
      to them exactly. With --rules de, as § 23 EStG counts it (in EUR on Berlin's days): each
      lot first in, first out within the wallet, its days held, when its one year ends, and
      whether it is taxable or tax-free. The figures are those of coins portfolio gains by the
      same rules.

      Examples:
        coins portfolio explain 12
        coins portfolio explain 12 --method hifo --scope wallet
        coins portfolio explain 12 --json
        coins portfolio explain 12 --rules uk
      """,
    arguments: [.init(name: "transaction", help: "The transaction's id (as history shows it).")],
    options: [
      TaxOptions.rulesOption, PortfolioCommand.methodOption, WalletOptions.scopeOption,
      MarketOptions.currencyOption, OutputFormat.jsonOption, PortfolioCommand.fileOption,
      MarketOptions.timeoutOption, TaxOptions.zoneOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "explain"]
      guard let transaction = parsed.positionals.first, !transaction.isEmpty else {
        throw UsageError("Missing expected argument '<transaction>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      var rules = try TaxOptions.rules(parsed, path: path)
      let method = try PortfolioCommand.method(parsed, path: path)
      var scope = try WalletOptions.scope(parsed, path: path)
      var market = try MarketOptions(parsed, path: path)
      if rules.name != TaxRules.us.name {
        rules = try TaxOptions.rules(
          rules, method: parsed.value(PortfolioCommand.methodOption) == nil ? nil : method,
          scope: parsed.value(WalletOptions.scopeOption) == nil ? nil : scope, longTerm: nil,
          path: path)
        market.currency = TaxOptions.currency(parsed, market: market, rules: rules)
        rules.currency = market.currency
        if case .firstInFirstOutOneYear(let own) = rules.matching { scope = own }
      }
      return PortfolioExplainCommand(
        transaction: transaction, method: method, scope: scope,
        json: parsed.flag(OutputFormat.jsonOption),
        file: parsed.value(PortfolioCommand.fileOption), market: market, rules: rules)
    })
}
