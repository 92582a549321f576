import CoinsModel
import CoinsPriceSources
import CoinsServices

/// Runs `coins portfolio reprice`: values the transactions whose price is unknown at the open
/// of their UTC day from the price chain (your prices first), never changing a price the user or
/// an export gave, and says what it priced from which source and what stays unknown and why.
struct PortfolioRepriceCommand: RunnableCommand, Equatable {
  /// `--transactions 3,5`: only these; `nil`: every one with an unknown price.
  var transactionIDs: [String]?
  /// `--dry-run`: write nothing.
  var dryRun = false
  /// The portfolio file, when given with `--file`.
  var file: String?

  static let unknownOption = CommandSpec.Option(
    name: "--unknown", help: "Value every transaction whose price is unknown (the default).")
  static let transactionsOption = CommandSpec.Option(
    name: "--transactions", valueName: "ids",
    help: "Value only these transactions (ids separated by commas, as history shows them).")
  static let dryRunOption = CommandSpec.Option(
    name: "--dry-run", help: "Find the prices and print what would change; write nothing.")

  static let spec = CommandSpec(
    path: ["portfolio", "reprice"],
    abstract: "Value transactions whose price is unknown from your prices and the sources.",
    discussion: """
      Each transaction whose price is unknown (a buy or sale without a price, income without
      a value) is valued at the open of its UTC day from your prices, CoinGecko, Coinbase or
      Binance ([prices] order), in its own currency, and the source is recorded with it. A
      price you or an export gave is never changed. A deposit from outside keeps its unknown
      cost (the coins cost what they cost before they came) unless --transactions names it.
      What no source can price stays unknown, with each source's reason.

      Examples:
        coins portfolio reprice --dry-run
        coins portfolio reprice --transactions 3,5
      """,
    options: [unknownOption, transactionsOption, dryRunOption, PortfolioCommand.fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "reprice"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var ids: [String]?
      if let text = parsed.value(transactionsOption) {
        let list = text.split(separator: ",", omittingEmptySubsequences: false)
          .map { $0.trimmingWhitespace() }
        guard !list.isEmpty, !list.contains(where: \.isEmpty) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--transactions <ids>': "
              + "expected ids separated by commas, such as 3,5.", commandPath: path)
        }
        ids = list
      }
      return PortfolioRepriceCommand(
        transactionIDs: ids, dryRun: parsed.flag(dryRunOption),
        file: parsed.value(PortfolioCommand.fileOption))
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
    var names = await context.heldCoins().names()
    let selection: (candidates: [RepriceSelection.Candidate], left: [RepriceSelection.Left])
    do {
      selection = try RepriceSelection.select(in: read.portfolio, ids: transactionIDs)
    } catch {
      throw CommandFailure(error.naming(names).message + " Nothing was changed.", kind: .badData)
    }
    var pricings: [String: DayPricing] = [:]
    if !selection.candidates.isEmpty {
      (pricings, names) = try await context.pastPrices(of: selection.candidates)
    }
    var priced: [(RepriceSelection.Candidate, DailyPrice)] = []
    var unknown: [(RepriceSelection.Candidate, [SourceReason])] = []
    for candidate in selection.candidates {
      switch pricings[candidate.transaction.id] ?? .unknown([]) {
      case .priced(let price): priced.append((candidate, price))
      case .unknown(let reasons): unknown.append((candidate, reasons))
      }
    }
    var written = priced.count
    if !dryRun, !priced.isEmpty {
      written = try context.updatePortfolio(store, after: read, names: names) { portfolio in
        priced.filter { candidate, price in
          RepriceSelection.apply(
            price: price.price.decimal, currency: candidate.currency,
            source: price.provenance.label, to: candidate.transaction.id, of: candidate.coin,
            in: &portfolio)
        }.count
      }
    }
    context.stdout.write(
      report(
        priced: priced, unknown: unknown, left: selection.left, written: written,
        names: names, context: context))
  }

  /// `  5  buy 0.5 BTC on 2021-05-01`.
  private func describe(
    _ transaction: Transaction, coin: String, names: CoinNames
  ) -> String {
    var text =
      "  \(transaction.id)  \(transaction.isIncome ? "income" : TransactionWords.kind(transaction.kind)) "
      + "\(DecimalInput.text(transaction.amount)) \(names.symbol(of: coin))"
    if let date = transaction.date { text += " on \(DateInput.dayText(date))" }
    return text
  }

  private func report(
    priced: [(RepriceSelection.Candidate, DailyPrice)],
    unknown: [(RepriceSelection.Candidate, [SourceReason])], left: [RepriceSelection.Left],
    written: Int, names: CoinNames, context: CommandContext
  ) -> String {
    var lines: [String] = []
    if priced.isEmpty && unknown.isEmpty && left.isEmpty {
      return "No transaction has an unknown price.\n"
    }
    if !priced.isEmpty {
      let count = priced.count == 1 ? "1 transaction" : "\(priced.count) transactions"
      lines.append(dryRun ? "Would price \(count):" : "Priced \(count):")
      for (candidate, price) in priced {
        lines.append(
          describe(candidate.transaction, coin: candidate.coin, names: names) + ": "
            + "\(PastPriceView.money(price)) (\(PastPriceView.source(price)))")
      }
    }
    var stays: [(transaction: Transaction, line: String)] = unknown.map { candidate, reasons in
      let why =
        reasons.isEmpty
        ? "no source asked" : reasons.map { Sanitizer.clean($0.line) }.joined(separator: "; ")
      return (
        candidate.transaction,
        describe(candidate.transaction, coin: candidate.coin, names: names)
          + ": no price from any source — \(why)"
      )
    }
    stays += left.map {
      ($0.transaction, describe($0.transaction, coin: $0.coin, names: names) + ": \($0.reason)")
    }
    if !stays.isEmpty {
      lines.append("Left as they are (\(stays.count)):")
      stays.sort { RepriceSelection.isEarlier($0.transaction, than: $1.transaction) }
      lines += stays.map(\.line)
    }
    if dryRun {
      lines.append("Dry run: nothing was written.")
    } else if written < priced.count {
      lines.append(
        "\(priced.count - written) of them had been given a price meanwhile and were left as "
          + "they were.")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
