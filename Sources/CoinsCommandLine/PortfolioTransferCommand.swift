import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio transfer in|out`: coins arriving (a reward, an airdrop, a move from
/// elsewhere; cost 0 unless given) or leaving (at their cost, no profit or loss).
package struct PortfolioTransferCommand: RunnableCommand, Equatable {
  /// In or out.
  package var direction: TransactionKind
  /// The coin: a symbol, id or name.
  var coin: String
  /// Whether ``coin`` is a CoinGecko id (`--id`).
  var isID: Bool
  /// Coins moved.
  var amount: Decimal
  /// Cost or total (in only), date and note.
  var input: TransactionInput
  /// Whether the coins came in as income (in only): valued at CoinGecko's price unless given.
  package var isIncome = false
  /// The wallet (`--wallet`): where coins arrive (`default` when not given), or where they
  /// leave (the one holding the coin when not given).
  var wallet: String? = nil
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// Currency of the cost, timeout and cache rules.
  var market: MarketOptions

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
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
        throw CommandFailure(error)
      }
    } else {
      guard let held = await context.heldCoinID(coin, isID: isID, in: portfolio, market: market)
      else {
        throw CommandFailure(
          PortfolioError.notHeld(Sanitizer.printable(coin)).message)
      }
      id = held
    }
    if direction == .transferIn, let found { await context.rememberName(of: found) }
    let names = await context.coinNames()
    let symbol = names.symbol(of: id)
    let date = try context.transactionDate(input.date, path: ["portfolio", "transfer"])
    let wallet =
      direction == .transferIn
      ? wallet ?? Transaction.defaultWallet
      : try context.leavingWallet(
        wallet, of: id, amount: amount, in: portfolio, names: names)
    var price = input.pricePerCoin(amount: amount)
    var origin = PriceOrigin.user
    if isIncome, price == nil,
      let found = try await context.transactionPrice(
        of: id, amount: amount, input: input, currency: market.currency, market: market,
        live: true, priceOption: "--cost")
    {
      (price, origin) = (found.price, found.origin)
    }
    var transfer = Transaction(
      kind: direction, amount: amount, price: price,
      currency: price == nil ? nil : market.currency, date: date, note: input.note,
      wallet: wallet)
    transfer.isIncome = isIncome
    let (recorded, holding) = try context.updatePortfolio(store, after: read, names: names) {
      portfolio in
      (try portfolio.record(transfer, to: id), portfolio.holding(id: id))
    }
    var text = ""
    if case .history(let day) = origin, let price {
      text +=
        "Price at 00:00 UTC on \(DateInput.dayText(day)): \(context.money(price, market.currency)) "
        + "(CoinGecko history).\n"
    } else if origin == .live, let price {
      text += "Price now: \(context.money(price, market.currency)) (CoinGecko, live).\n"
    }
    text += direction == .transferIn ? "Transferred in " : "Transferred out "
    text += "\(DecimalInput.text(amount)) \(symbol)"
    if isIncome, let price {
      let value = MoneyFormat.text(
        amount * price, currency: CurrencyStyle(code: market.currency))
      text += " as income worth \(value) at \(context.money(price, market.currency)) per coin"
    } else if direction == .transferIn {
      text +=
        price.map { " at a cost of \(context.money($0, market.currency)) per coin" }
        ?? " at a cost of 0"
    }
    text +=
      ". Holding: \(DecimalInput.text(holding?.amount ?? 0)) \(symbol). "
      + "Transaction \(recorded.id).\n"
    context.stdout.write(text)
  }

  /// Each member as given.
  package init(
    direction: TransactionKind, coin: String, isID: Bool, amount: Decimal, input: TransactionInput,
    isIncome: Bool = false, wallet: String? = nil, file: String? = nil, market: MarketOptions
  ) {
    self.direction = direction
    self.coin = coin
    self.isID = isID
    self.amount = amount
    self.input = input
    self.isIncome = isIncome
    self.wallet = wallet
    self.file = file
    self.market = market
  }
}
