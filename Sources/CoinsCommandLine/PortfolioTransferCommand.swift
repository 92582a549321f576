import CoinsModel
import CoinsServices
import FoundationEssentials

/// Runs `coins portfolio transfer in|out`: coins arriving (a reward, an airdrop, a move from
/// elsewhere; cost 0 unless given) or leaving (at their cost, no profit or loss).
struct PortfolioTransferCommand: RunnableCommand, Equatable {
  /// In or out.
  var direction: TransactionKind
  /// The coin: a symbol, id or name.
  var coin: String
  /// Whether ``coin`` is a CoinGecko id (`--id`).
  var isID: Bool
  /// Coins moved.
  var amount: Decimal
  /// Cost or total (in only), date and note.
  var input: TransactionInput
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// Currency of the cost, timeout and cache rules.
  var market: MarketOptions

  func run(in context: CommandContext) async -> Int32 {
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let read = context.readPortfolio(from: store, status: &status) else { return status }
    let portfolio = read.portfolio
    let id: String
    var found: SearchResult?
    if direction == .transferIn {
      let lookup = CoinLookup(
        service: context.makeService(options: market), currency: market.currency,
        maxAge: market.maxAge)
      do {
        found = try await lookup.find(coin, isID: isID).0
        id = found?.id ?? coin
      } catch {
        return context.fail(error.message, status: error.exitCode)
      }
    } else {
      guard let held = await context.heldCoinID(coin, isID: isID, in: portfolio, market: market)
      else {
        return context.fail(
          PortfolioError.notHeld(Sanitizer.printable(coin)).message, status: ExitCode.failure)
      }
      id = held
    }
    if direction == .transferIn, let found { await context.rememberName(of: found) }
    let names = await context.coinNames()
    let symbol = names.symbol(of: id)
    do throws(CommandStopped) {
      let date = try context.transactionDate(input.date, path: ["portfolio", "transfer"])
      let price = input.pricePerCoin(amount: amount)
      let transfer = Transaction(
        kind: direction, amount: amount, price: price,
        currency: price == nil ? nil : market.currency, date: date, note: input.note)
      let (recorded, holding) = try context.updatePortfolio(store, after: read, names: names) {
        portfolio in
        (try portfolio.record(transfer, to: id), portfolio.holding(id: id))
      }
      var text = direction == .transferIn ? "Transferred in " : "Transferred out "
      text += "\(DecimalInput.text(amount)) \(symbol)"
      if direction == .transferIn {
        text +=
          price.map { " at a cost of \(context.money($0, market.currency)) per coin" }
          ?? " at a cost of 0"
      }
      text +=
        ". Holding: \(DecimalInput.text(holding?.amount ?? 0)) \(symbol). "
        + "Transaction \(recorded.id).\n"
      context.stdout.write(text)
      return ExitCode.success
    } catch {
      return error.status
    }
  }
}
