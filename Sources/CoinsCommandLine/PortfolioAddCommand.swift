import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio add`: resolves the coin, works out the price (given, or CoinGecko's
/// for `--date`), then records the buy under the file lock.
package struct PortfolioAddCommand: RunnableCommand, Equatable {
  let options: PortfolioCommand.Add

  /// The figures as given.
  var input: TransactionInput {
    TransactionInput(
      price: options.cost, total: options.total, fee: options.fee, date: options.date,
      note: options.note)
  }

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: options.file)
    // A file that cannot be read is reported before any network work.
    let read = try context.readPortfolio(from: store)
    let currency = options.market.currency
    let lookup = CoinLookup(
      service: context.makeService(options: options.market), currency: currency,
      maxAge: options.market.maxAge)
    let coin: SymbolResolver.Candidate
    let others: [SymbolResolver.Candidate]
    let priced = input.pricePerCoin(amount: options.amount) != nil || options.fee != nil
    let snapshot: MarketSnapshot?
    let unavailable: CoinGeckoError?
    do {
      // The market is asked for in --currency, so an unknown code is refused here; offline,
      // a cost is stored only in a currency that can be vouched for.
      (snapshot, unavailable) = try await lookup.marketSnapshot()
    } catch {
      throw CommandFailure(error)
    }
    if priced,
      let problem = CostCurrency.problem(currency, market: snapshot, offline: unavailable)
    {
      throw CommandFailure(problem, kind: .unavailable)
    }
    do {
      (coin, others) = try await lookup.find(options.coin, isID: options.isID, in: snapshot)
    } catch {
      throw CommandFailure(error)
    }
    await context.rememberName(of: coin)
    let date = try context.transactionDate(options.date, path: ["portfolio", "add"])
    let price = try await context.transactionPrice(
      of: coin.id, amount: options.amount, input: input, currency: currency,
      market: options.market, live: false, priceOption: "--cost")
    let buy = Transaction(
      kind: .buy, amount: options.amount, price: price?.price,
      currency: price == nil && options.fee == nil ? nil : currency, fee: options.fee,
      date: date, note: options.note, wallet: options.wallet)
    let (recorded, holding) = try context.updatePortfolio(store, after: read) { portfolio in
      let recorded = try portfolio.record(buy, to: coin.id)
      return (recorded, portfolio.holding(id: coin.id))
    }
    context.stdout.write(
      report(
        coin: coin, others: others, recorded: recorded, origin: price?.origin, holding: holding,
        context: context))
  }

  private func report(
    coin: SymbolResolver.Candidate, others: [SymbolResolver.Candidate], recorded: Transaction,
    origin: PriceOrigin?, holding: Holding?, context: CommandContext
  ) -> String {
    let currency = options.market.currency
    var text = ""
    if case .history(let day) = origin, let price = recorded.price {
      text +=
        "Price at 00:00 UTC on \(DateInput.dayText(day)): \(context.money(price, currency)) "
        + "(CoinGecko history).\n"
    }
    text +=
      "Added \(DecimalInput.text(options.amount)) \(Sanitizer.printable(options.coin))"
      + " → \(coin.name) (\(coin.id))"
    if let price = recorded.price {
      text += " at \(context.money(price, currency)) per coin"
    }
    if let fee = recorded.fee { text += " + \(context.money(fee, currency)) fee" }
    text += ".\n"
    if let holding {
      let lots = holding.lots.count == 1 ? "1 lot" : "\(holding.lots.count) lots"
      text +=
        "Holding: \(DecimalInput.text(holding.amount)) \(coin.symbol.uppercased()) in \(lots)"
      if holding.wallets != [Transaction.defaultWallet] {
        text += ", \(DecimalInput.text(holding.amount(in: options.wallet))) in \(options.wallet)"
      }
      text += ".\n"
    }
    if !others.isEmpty && !options.isID {
      let names = others.prefix(3).map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
      text +=
        "Note: '\(coin.symbol)' is also the symbol of \(names); "
        + "use --id to add one of those instead.\n"
    }
    return text
  }

  /// Each member as given.
  package init(options: PortfolioCommand.Add) {
    self.options = options
  }
}
