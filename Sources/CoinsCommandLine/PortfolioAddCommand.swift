import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// Runs `coins portfolio add`: resolves the coin, then adds the lot under the file lock.
struct PortfolioAddCommand: RunnableCommand, Equatable {
  let options: PortfolioCommand.Add

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: options.file)
    // A file that cannot be read is reported before any network work.
    var status = ExitCode.success
    guard context.loadPortfolio(from: store, status: &status) != nil else { return status }
    let lookup = CoinLookup(
      service: context.makeService(options: options.market),
      currency: options.market.currency,
      maxAge: options.market.maxAge)
    let coin: SymbolResolver.Candidate
    let others: [SymbolResolver.Candidate]
    do {
      // The market is asked for in --currency, so an unknown code is refused here; offline,
      // a cost is stored only in a currency that can be vouched for.
      let (snapshot, unavailable) = try await lookup.marketSnapshot()
      if options.cost != nil,
        let problem = CostCurrency.problem(
          options.market.currency, market: snapshot, offline: unavailable)
      {
        return context.fail(problem, status: ExitCode.unavailable)
      }
      (coin, others) = try await lookup.find(options.coin, isID: options.isID, in: snapshot)
    } catch {
      return context.fail(error.message, status: error.exitCode)
    }
    let lot = Lot(
      amount: options.amount, cost: options.cost,
      costCurrency: options.cost == nil ? nil : options.market.currency,
      date: ISO8601Timestamp.wholeMilliseconds(context.timeSource.now()))
    let holding: Holding?
    do {
      holding = try store.update { portfolio in
        portfolio.add(lot, to: coin.id)
        return portfolio.holding(id: coin.id)
      }
    } catch let error as PortfolioError {
      return context.fail(error)
    } catch {
      return context.fail("\(error)", status: ExitCode.failure)
    }
    context.stdout.write(report(coin: coin, others: others, holding: holding))
    return ExitCode.success
  }

  private func report(
    coin: SymbolResolver.Candidate, others: [SymbolResolver.Candidate], holding: Holding?
  ) -> String {
    let symbol = coin.symbol.uppercased()
    var text =
      "Added \(DecimalInput.text(options.amount)) \(Sanitizer.printable(options.coin))"
      + " → \(coin.name) (\(coin.id))"
    if let cost = options.cost {
      let style = CurrencyStyle(code: options.market.currency)
      text += " at \(NumberFormat.price(cost.doubleValue, currency: style)) per coin"
    }
    text += ".\n"
    if let holding {
      let lots = holding.lots.count == 1 ? "1 lot" : "\(holding.lots.count) lots"
      text += "Holding: \(DecimalInput.text(holding.amount)) \(symbol) in \(lots).\n"
    }
    if !others.isEmpty && !options.isID {
      let names = others.prefix(3).map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
      text +=
        "Note: '\(coin.symbol)' is also the symbol of \(names); "
        + "use --id to add one of those instead.\n"
    }
    return text
  }
}
