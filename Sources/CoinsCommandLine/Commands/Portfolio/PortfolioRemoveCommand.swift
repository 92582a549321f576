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
    let held = context.heldCoins(options.market)
    guard let id = await held.id(of: options.coin, isID: options.isID, in: portfolio) else {
      throw CommandFailure(
        PortfolioError.notHeld(Sanitizer.printable(options.coin)).message)
    }
    let names = await held.names()
    let symbol = names.symbol(of: id)
    let what = options.amount.map { "\(DecimalInput.text($0)) \(symbol)" } ?? "all \(symbol)"
    let left: Holding?
    let changed: [ChangedSale]
    do {
      (left, changed) = try store.update(after: read) { portfolio in
        let changed = try portfolio.removal(options.amount, of: id).changed
        // A sale already made is rewritten only when the user says so.
        guard changed.isEmpty || options.yes else { throw SalesWouldChange(sales: changed) }
        try portfolio.remove(options.amount, of: id)
        return (portfolio.holding(id: id), changed)
      }
    } catch let error as PortfolioError {
      throw CommandFailure(error.naming(names))
    } catch let refusal as SalesWouldChange {
      throw CommandFailure(
        "Removing \(what) would change sales already made: "
          + Self.describe(refusal.sales, symbol: symbol, done: false)
          + " Nothing was removed; run it again with --yes to remove it anyway.")
    } catch {
      throw CommandFailure("\(error)")
    }
    var text = "Removed \(what)."
    if let left {
      text += " Holding: \(DecimalInput.text(left.amount)) \(symbol) left.\n"
    } else {
      text += " The portfolio no longer holds it.\n"
    }
    if !changed.isEmpty {
      text += "Changed sales already made: \(Self.describe(changed, symbol: symbol, done: true))\n"
    }
    context.stdout.write(text)
  }

  /// Refused: these sales would change.
  private struct SalesWouldChange: Error {
    var sales: [ChangedSale]
  }

  /// `sale 4 of 2025-03-01 (1.5 BTC, deleted); sale 5 of … (1 BTC, by lifo, average). The
  /// gains of 2025 would change.` (`changed`, once `done`).
  static func describe(_ sales: [ChangedSale], symbol: String, done: Bool) -> String {
    let shown = sales.prefix(10).map { sale in
      let day = sale.date.map { String(ISO8601Timestamp.format($0).prefix(10)) } ?? "no date"
      let how = sale.deleted ? "deleted" : "by " + sale.methods.joined(separator: ", ")
      return "sale \(sale.id) of \(day) (\(DecimalInput.text(sale.amount)) \(symbol), \(how))"
    }
    let more = sales.count > 10 ? "; and \(sales.count - 10) more" : ""
    let years = Set(sales.compactMap(\.year)).sorted().map(String.init)
    let gains =
      years.isEmpty
      ? "" : " The gains of \(years.joined(separator: ", ")) \(done ? "changed" : "would change")."
    return shown.joined(separator: "; ") + more + "." + gains
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
    /// `--yes`: remove even when sales already made would change.
    public var yes = false

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

  static let yesOption = CommandSpec.Option(
    name: "--yes",
    help: "Remove even when sales already made would change (they are listed first).")

  static let removeSpec = CommandSpec(
    path: ["portfolio", "remove"],
    abstract: "Correct a mistake: remove an amount (newest lots first) or the whole holding.",
    discussion: """
      For corrections only: the coins vanish as if never bought, from the open lots newest
      first (a buy partly removed keeps its fee in proportion), and removing a whole holding
      forgets its history. When that would change a sale already made (by any method), the
      sales and years are listed and nothing is removed without --yes. Record a sale with 'coins portfolio sell', a move with
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
    options: [idOption, yesOption, fileOption, MarketOptions.timeoutOption],
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
    yes = parsed.flag(PortfolioCommand.yesOption)
  }
}
