import CoinsModel
import CoinsPriceSources
import CoinsServices
import CoinsSupport

extension PortfolioIncomeCommand {
  /// Values the income of `income` that has no value (and a date) at the open of its UTC day
  /// from the price chain (your prices, then `[prices] order`), in its own currency, with the
  /// source as its `priceSource`: for this report only, the file is not written (`coins
  /// portfolio reprice` stores them). Says on stderr what was priced from which source, and
  /// what stays unknown with each source's reason; waits for rate limits as a progress line.
  func priceUnvalued(_ income: inout Portfolio, in context: CommandContext)
    async throws(CommandFailure)
  {
    var candidates: [RepriceSelection.Candidate] = []
    for holding in income.holdings {
      for transaction in holding.transactions
      where transaction.price == nil && transaction.date != nil && isInReport(transaction) {
        candidates.append(RepriceSelection.Candidate(coin: holding.id, transaction: transaction))
      }
    }
    guard !candidates.isEmpty else { return }
    candidates.sort { RepriceSelection.isEarlier($0.transaction, than: $1.transaction) }
    let (pricings, names) = try await context.pastPrices(of: candidates)
    var priced: [String] = []
    var unknown: [String] = []
    for candidate in candidates {
      let transaction = candidate.transaction
      let row =
        "  \(transaction.id)  income \(DecimalInput.text(transaction.amount)) "
        + "\(names.symbol(of: candidate.coin)) on \(transaction.date.map(DateInput.dayText) ?? "")"
      switch pricings[transaction.id] ?? .unknown([]) {
      case .priced(let price):
        RepriceSelection.apply(
          price: price.price.decimal, currency: candidate.currency,
          source: price.provenance.label, to: transaction.id, of: candidate.coin, in: &income)
        priced.append(
          row + ": \(PastPriceView.money(price)) (\(PastPriceView.source(price)))")
      case .unknown(let reasons):
        let why =
          reasons.isEmpty
          ? "no source asked" : reasons.map { Sanitizer.clean($0.line) }.joined(separator: "; ")
        unknown.append(row + ": \(why)")
      }
    }
    if !priced.isEmpty {
      context.stderr.write(
        "Note: income without a value, valued at the open of its UTC day for this report only "
          + "(coins portfolio reprice saves these):\n" + priced.joined(separator: "\n") + "\n")
    }
    if !unknown.isEmpty {
      context.stderr.write(
        "Warning: no source has a price of this income; its value is unknown:\n"
          + unknown.joined(separator: "\n") + "\n")
    }
  }

  /// Whether `transaction` can be in the report: any under a country's rules (their tax years
  /// are not calendar years), else only `--year`'s.
  private func isInReport(_ transaction: Transaction) -> Bool {
    guard let year, rules.name == TaxRules.us.name else { return true }
    return GainsYear.year(of: transaction.date) == year
  }
}
