import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio sell`: records a sale of a held coin and prints the profit or loss it
/// realized (first in, first out).
package struct PortfolioSellCommand: RunnableCommand, Equatable {
  /// The coin: a symbol, id or name of a held coin.
  var coin: String
  /// Whether ``coin`` is a CoinGecko id (`--id`).
  var isID: Bool
  /// Coins sold.
  var amount: Decimal
  /// Price or total, fee, date and note.
  var input: TransactionInput
  /// The wallet the coins leave (`--wallet`); `nil` for the one holding the coin.
  var wallet: String? = nil
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// Currency of the price, timeout and cache rules.
  var market: MarketOptions

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
    let portfolio = read.portfolio
    let held = context.heldCoins(market)
    guard let id = await held.id(of: coin, isID: isID, in: portfolio) else {
      throw CommandFailure(
        PortfolioError.notHeld(Sanitizer.printable(coin)).message)
    }
    let currency = market.currency
    let names = await held.names()
    let date = try context.transactionDate(input.date, path: ["portfolio", "sell"])
    let wallet = try context.leavingWallet(
      wallet, of: id, amount: amount, in: portfolio, names: names)
    // Refused before asking CoinGecko when even today's holding is too small.
    if let held = portfolio.holding(id: id)?.amountHeld(at: date), held < amount {
      throw CommandFailure(
        PortfolioError.exceedsHolding(id: id, held: held, asked: amount, date: date)
          .naming(names).message)
    }
    guard
      let (price, origin) = try await context.transactionPrice(
        of: id, symbol: names.symbol(of: id), amount: amount, input: input, currency: currency,
        market: market, live: true, priceOption: "--price")
      // A live price is always asked for, so there is one or a failure was thrown.
    else { throw CommandFailure(messages: [], kind: .other) }
    let sale = Transaction(
      kind: .sell, amount: amount, price: price, currency: currency, fee: input.fee,
      date: date, note: input.note, wallet: wallet, priceSource: context.recordedSource(origin))
    let (recorded, holding) = try context.updatePortfolio(store, after: read, names: names) {
      portfolio in
      (try portfolio.record(sale, to: id), portfolio.holding(id: id))
    }
    var ledger: HoldingLedger?
    if let holding {
      // Lots bought in another currency are costed at their day's rate.
      let rates = await context.exchangeRates(
        for: Portfolio(holdings: [holding]), in: currency, options: market)
      ledger = LedgerBuilder.ledger(
        of: holding, in: currency, method: .fifo, rates: rates, soldLots: false)
    }
    context.stdout.write(
      report(
        symbol: names.symbol(of: id), recorded: recorded, origin: origin, holding: holding,
        ledger: ledger,
        context: context))
  }

  private func report(
    symbol: String, recorded: Transaction, origin: PriceOrigin, holding: Holding?,
    ledger: HoldingLedger?, context: CommandContext
  ) -> String {
    let currency = market.currency
    let price = recorded.price ?? 0
    var text = context.priceOriginLine(origin, price: price, currency: currency)
    text +=
      "Sold \(DecimalInput.text(amount)) \(symbol) at \(context.money(price, currency)) per coin"
    if let fee = recorded.fee { text += " - \(context.money(fee, currency)) fee" }
    text += ".\n"
    if let holding, let ledger {
      if let sale = ledger.realized.first(where: { $0.transactionID == recorded.id }),
        let gain = sale.gain, let basis = sale.costBasis, let proceeds = sale.proceeds
      {
        let style = CurrencyStyle(code: currency)
        text +=
          "Realized P/L (FIFO): \(MoneyFormat.signed(gain, currency: style)) — proceeds "
          + "\(MoneyFormat.text(proceeds, currency: style)), cost basis "
          + "\(MoneyFormat.text(basis, currency: style))"
          + (ledger.convertedAtTodaysRate ? ", some costs converted at today's rate" : "") + ".\n"
      } else {
        text +=
          "Realized P/L: unknown — some of the coins sold have no known cost in "
          + "\(currency.uppercased()).\n"
      }
      text +=
        "Holding: \(DecimalInput.text(holding.amount)) \(symbol) left. "
        + "Transaction \(recorded.id).\n"
    }
    return text
  }

  /// Each member as given.
  package init(
    coin: String, isID: Bool, amount: Decimal, input: TransactionInput, wallet: String? = nil,
    file: String? = nil, market: MarketOptions
  ) {
    self.coin = coin
    self.isID = isID
    self.amount = amount
    self.input = input
    self.wallet = wallet
    self.file = file
    self.market = market
  }
}

extension PortfolioCommand {
  static let sellSpec = CommandSpec(
    path: ["portfolio", "sell"],
    abstract: "Record a sale and print the profit or loss it realized (first in, first out).",
    discussion: """
      Without --price or --total the price is the open of --date's UTC day from your prices,
      CoinGecko, Coinbase or Binance ([prices] order), else CoinGecko's live now (never a
      cached or sample price; offline, give the price). Selling more than is held at that
      date is refused and nothing is written.

      Examples:
        coins portfolio sell btc 0.1 --price 52000 --fee 4
        coins portfolio sell eth 1 --date 2026-03-01
      """,
    arguments: [
      .init(name: "coin", help: "The held coin's symbol or CoinGecko id.", completion: .heldCoin),
      .init(name: "amount", help: "How many coins were sold."),
    ],
    options: [
      priceOption, TransactionInput.totalOption, TransactionInput.feeOption,
      TransactionInput.dateOption, TransactionInput.noteOption, idOption, currencyOfFiguresOption,
      WalletOptions.leaveOption, fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "sell"]
      let (coin, isID, amount) = try coinAndAmount(parsed, path: path)
      return PortfolioSellCommand(
        coin: coin, isID: isID, amount: amount,
        input: try TransactionInput(parsed, path: path, priceOption: priceOption),
        wallet: try WalletOptions.name(parsed, WalletOptions.leaveOption, path: path),
        file: parsed.value(fileOption), market: try MarketOptions(parsed, path: path))
    })
}
