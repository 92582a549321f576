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
    guard let explanation = builder.explain(transaction, in: portfolio) else { return }
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
    let rules = TaxRules.us.name
    if json {
      context.stdout.write(ExplanationView.json(explanation, rules: rules) + "\n")
    } else {
      context.stdout.write(
        ExplanationView.text(
          explanation, rules: TaxRules.us.title, names: await context.heldCoins().names()))
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
      from. For a buy or deposit: the sales that took from it. Explains by the US rules' lots
      (--rules us); uk and de are not explained yet.

      Examples:
        coins portfolio explain 12
        coins portfolio explain 12 --method hifo --scope wallet
        coins portfolio explain 12 --json
      """,
    arguments: [.init(name: "transaction", help: "The transaction's id (as history shows it).")],
    options: [
      TaxOptions.rulesOption, PortfolioCommand.methodOption, WalletOptions.scopeOption,
      MarketOptions.currencyOption, OutputFormat.jsonOption, PortfolioCommand.fileOption,
      MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "explain"]
      guard let transaction = parsed.positionals.first, !transaction.isEmpty else {
        throw UsageError("Missing expected argument '<transaction>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      let rules = try TaxOptions.rules(parsed, path: path)
      guard rules.name == TaxRules.us.name else {
        throw UsageError(
          "explain shows the US rules' lots only for now; see coins portfolio gains --rules "
            + "\(rules.name) for \(rules.title).", commandPath: path)
      }
      return PortfolioExplainCommand(
        transaction: transaction, method: try PortfolioCommand.method(parsed, path: path),
        scope: try WalletOptions.scope(parsed, path: path),
        json: parsed.flag(OutputFormat.jsonOption),
        file: parsed.value(PortfolioCommand.fileOption),
        market: try MarketOptions(parsed, path: path))
    })
}
