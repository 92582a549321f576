import CoinsModel
import CoinsServices

/// Runs `coins portfolio remove`: finds the held coin, removes an amount (oldest lots first) or
/// the whole holding under the file lock.
package struct PortfolioRemoveCommand: RunnableCommand, Equatable {
  let options: PortfolioCommand.Remove

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: options.file)
    let read = try context.readPortfolio(from: store)
    let portfolio = read.portfolio
    guard
      let id = await context.heldCoinID(
        options.coin, isID: options.isID, in: portfolio, market: options.market)
    else {
      throw CommandFailure(
        PortfolioError.notHeld(Sanitizer.printable(options.coin)).message)
    }
    let names = await context.coinNames()
    let symbol = names.symbol(of: id)
    let left: Holding?
    do {
      left = try store.update(after: read) { portfolio in
        try portfolio.remove(options.amount, of: id)
        return portfolio.holding(id: id)
      }
    } catch let error as PortfolioError {
      throw CommandFailure(error.naming(names))
    } catch {
      throw CommandFailure("\(error)")
    }
    var text =
      "Removed "
      + (options.amount.map { "\(DecimalInput.text($0)) \(symbol)." } ?? "all \(symbol).")
    if let left {
      text += " Holding: \(DecimalInput.text(left.amount)) \(symbol) left.\n"
    } else {
      text += " The portfolio no longer holds it.\n"
    }
    context.stdout.write(text)
  }

  /// Each member as given.
  package init(options: PortfolioCommand.Remove) {
    self.options = options
  }
}
