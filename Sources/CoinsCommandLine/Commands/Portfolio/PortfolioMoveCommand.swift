import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio transfer move`: coins moved between the user's own wallets, keeping
/// the dates and costs they had; the part that did not arrive (the network's fee) leaves at its
/// cost.
struct PortfolioMoveCommand: RunnableCommand, Equatable {
  /// The coin: a symbol, id or name of a held coin.
  var coin: String
  /// Whether ``coin`` is a CoinGecko id (`--id`).
  var isID: Bool
  /// Coins that left ``from``, the fee included.
  var amount: Decimal
  /// Of ``amount``, the coins that did not arrive.
  var fee: Decimal
  /// The wallet they left.
  var from: String
  /// The wallet they arrived in.
  var to: String
  /// The date given with `--date` (now when not given).
  var date: Date?
  /// A note kept with both halves.
  var note: String?
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// Timeout and cache rules for mapping a symbol to a held coin.
  var market: MarketOptions

  /// Reads `transfer move`'s words (the direction already taken off).
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.transferSpec.path
    let (coin, isID, amount) = try PortfolioCommand.coinAndAmount(parsed, path: path)
    let input = try TransactionInput(parsed, path: path, priceOption: nil)
    for option in [PortfolioCommand.costOption, TransactionInput.totalOption]
    where parsed.value(option) != nil {
      throw UsageError(
        "A move keeps the coins' cost: '\(option.name)' applies to 'in' only.", commandPath: path)
    }
    for option in [PortfolioCommand.incomeOption, PortfolioCommand.transferWalletOption]
    where parsed.flag(option) || parsed.value(option) != nil {
      throw UsageError(
        "'\(option.name)' does not apply to 'move': name the wallets with --from and --to.",
        commandPath: path)
    }
    guard let from = try WalletOptions.name(parsed, WalletOptions.fromOption, path: path) else {
      throw UsageError(
        "'move' needs '--from <wallet>', the wallet the coins leave.", commandPath: path)
    }
    guard let to = try WalletOptions.name(parsed, WalletOptions.toOption, path: path) else {
      throw UsageError(
        "'move' needs '--to <wallet>', the wallet they arrive in.", commandPath: path)
    }
    guard from != to else {
      throw UsageError(
        "'--from' and '--to' name the same wallet, \(from): a move goes between two.",
        commandPath: path)
    }
    let fee = input.fee ?? 0
    guard fee >= 0, fee < amount else {
      throw UsageError(
        "The value '\(DecimalInput.text(fee))' is invalid for '--fee <amount>': expected the "
          + "coins that did not arrive, at least 0 and less than <amount>.", commandPath: path)
    }
    (self.coin, self.isID, self.amount, self.fee) = (coin, isID, amount, fee)
    (self.from, self.to, self.date, self.note) = (from, to, input.date, input.note)
    file = parsed.value(PortfolioCommand.fileOption)
    market = try MarketOptions(parsed, path: path)
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
    let portfolio = read.portfolio
    guard let id = await context.heldCoinID(coin, isID: isID, in: portfolio, market: market)
    else {
      throw CommandFailure(
        PortfolioError.notHeld(Sanitizer.printable(coin)).message)
    }
    let names = await context.coinNames()
    let symbol = names.symbol(of: id)
    try context.knownWallet(from, in: portfolio)
    let date = try context.transactionDate(date, path: PortfolioCommand.transferSpec.path)
    let (move, holding) = try context.updatePortfolio(store, after: read, names: names) {
      portfolio in
      let move = try portfolio.recordMove(
        of: id, amount: amount, fee: fee, from: from, to: to, date: date, note: note)
      return (move, portfolio.holding(id: id))
    }
    var text = "Moved \(DecimalInput.text(amount)) \(symbol) from \(from) to \(to)"
    if fee > 0 {
      text += ": \(DecimalInput.text(move.in.amount)) arrived, \(DecimalInput.text(fee)) "
      text += "went to the network at its cost"
    }
    text += ". The coins keep their dates and costs.\n"
    if let holding {
      text += "Holding: \(DecimalInput.text(holding.amount(in: from))) in \(from), "
      text += "\(DecimalInput.text(holding.amount(in: to))) in \(to). "
    }
    text += "Transactions \(move.out.id) and \(move.in.id).\n"
    context.stdout.write(text)
  }
}
