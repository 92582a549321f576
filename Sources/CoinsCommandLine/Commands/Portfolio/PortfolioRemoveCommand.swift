import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

extension PortfolioCommand {
  /// `remove`'s options.
  public struct Remove: Sendable, Equatable {
    /// The coin: a symbol, id or name.
    public var coin: String
    /// Whether ``coin`` is a CoinGecko id (`--id`).
    public var isID: Bool
    /// How much to remove; `nil` removes the whole holding.
    public var amount: Decimal?
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// Timeout and cache rules for mapping a symbol to a held coin.
    public var market: MarketOptions

    /// Each member as given.
    package init(
      coin: String, isID: Bool, amount: Decimal? = nil, file: String? = nil, market: MarketOptions
    ) {
      self.coin = coin
      self.isID = isID
      self.amount = amount
      self.file = file
      self.market = market
    }
  }

  static let removeSpec = CommandSpec(
    path: ["portfolio", "remove"],
    abstract: "Correct a mistake: remove an amount (oldest lots first) or the whole holding.",
    discussion: """
      For corrections only: the coins vanish as if never bought, and removing a whole holding
      forgets its history. Record a sale with 'coins portfolio sell', a move with
      'coins portfolio transfer out', and take back one transaction with 'coins portfolio undo'.

      Examples:
        coins portfolio remove btc 0.1
        coins portfolio remove eth
      """,
    arguments: [
      .init(name: "coin", help: "The held coin's symbol or CoinGecko id.", completion: .heldCoin),
      .init(
        name: "amount", help: "How many coins to remove.", isOptional: true, defaultValue: "all"),
    ],
    options: [idOption, fileOption, MarketOptions.timeoutOption],
    parse: { parsed throws(UsageError) in
      PortfolioRemoveCommand(options: try Remove(parsed))
    })
}

extension PortfolioCommand.Remove {
  /// Reads `coins portfolio remove`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.removeSpec.path
    let (coin, isID, rest) = try PortfolioCommand.coinArgument(parsed, path: path)
    try ParsedArguments.noExtra(rest.dropFirst(), path: path)
    self.init(
      coin: coin, isID: isID,
      amount: try rest.first.map { text throws(UsageError) in
        try PortfolioCommand.amount(text, path: path)
      }, file: parsed.value(PortfolioCommand.fileOption),
      market: try MarketOptions(parsed, path: path))
  }
}
