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
    let heldCoins = context.heldCoins(options.market)
    let lookup = CoinLookup(
      service: heldCoins.service, currency: currency,
      maxAge: options.market.maxAge)
    let coin: SymbolResolver.Candidate
    let others: [SymbolResolver.Candidate]
    // A zero fee needs no currency, so only a cost or a fee that is not zero makes one needed.
    let paysFee = (options.fee ?? 0) != 0
    let priced = input.pricePerCoin(amount: options.amount) != nil || paysFee
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
    await heldCoins.remember(coin)
    let date = try context.transactionDate(options.date, path: ["portfolio", "add"])
    let price = try await context.transactionPrice(
      of: coin.id, symbol: coin.symbol, amount: options.amount, input: input, currency: currency,
      market: options.market, live: false, priceOption: "--cost")
    let buy = Transaction(
      kind: .buy, amount: options.amount, price: price?.price,
      currency: price == nil && !paysFee ? nil : currency, fee: options.fee,
      date: date, note: options.note, wallet: options.wallet,
      priceSource: context.recordedSource(price?.origin))
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
    if let origin, let price = recorded.price {
      text += context.priceOriginLine(origin, price: price, currency: currency)
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

extension PortfolioCommand {
  /// `add`'s options.
  public struct Add: Sendable, Equatable {
    /// What the user typed for the coin: a symbol, id or name.
    public var coin: String
    /// Whether ``coin`` is a CoinGecko id (`--id`).
    public var isID: Bool
    /// Coins added.
    public var amount: Decimal
    /// Price paid per coin.
    public var cost: Decimal?
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// Currency of the cost, timeout and cache rules for the lookup.
    public var market: MarketOptions
    /// The total paid (`--total`), instead of a price per coin.
    public var total: Decimal? = nil
    /// A fee paid (`--fee`), in the same currency.
    public var fee: Decimal? = nil
    /// When it was bought (`--date`); now when not given.
    public var date: Date? = nil
    /// A note kept with the buy.
    public var note: String? = nil
    /// The wallet the coins are in (`--wallet`).
    public var wallet: String = Transaction.defaultWallet

    /// Each member as given.
    package init(
      coin: String, isID: Bool, amount: Decimal, cost: Decimal? = nil, file: String? = nil,
      market: MarketOptions, total: Decimal? = nil, fee: Decimal? = nil, date: Date? = nil,
      note: String? = nil, wallet: String = Transaction.defaultWallet
    ) {
      self.coin = coin
      self.isID = isID
      self.amount = amount
      self.cost = cost
      self.file = file
      self.market = market
      self.total = total
      self.fee = fee
      self.date = date
      self.note = note
      self.wallet = wallet
    }
  }

  static let addSpec = CommandSpec(
    path: ["portfolio", "add"],
    abstract: "Record a buy: an amount of a coin, optionally with the price paid.",
    discussion: """
      <coin> is a symbol (btc) or a CoinGecko id (bitcoin). A symbol shared by several coins
      means the one with the best market-cap rank; --id picks any other.

      With --date and no price, the price is the open of that UTC day from your prices,
      CoinGecko, Coinbase or Binance ([prices] order), recorded with its source. Without
      either, the buy is kept without a cost.

      Examples:
        coins portfolio add btc 0.5
        coins portfolio add eth 2 --cost 2500 --fee 3
        coins portfolio add btc 0.1 --date 2026-03-01
        coins portfolio add --id bitcoin-bridged 1 --total 950
      """,
    arguments: [
      .init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin),
      .init(name: "amount", help: "How many coins, e.g. 0.5."),
    ],
    options: [
      costOption, TransactionInput.totalOption, TransactionInput.feeOption,
      TransactionInput.dateOption, TransactionInput.noteOption, idOption,
      WalletOptions.recordOption,
      .init(
        name: "--currency", valueName: "code", help: "The currency of --cost, --total and --fee.",
        defaultValue: "usd", completion: .currency),
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      PortfolioAddCommand(options: try Add(parsed))
    })
}

extension PortfolioCommand.Add {
  /// Reads `coins portfolio add`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.addSpec.path
    let (coin, isID, rest) = try PortfolioCommand.coinArgument(parsed, path: path)
    guard let amountText = rest.first else {
      throw UsageError("Missing expected argument '<amount>'", commandPath: path)
    }
    try ParsedArguments.noExtra(rest.dropFirst(), path: path)
    // A lot bought for nothing would show a profit of 100% forever: refused like 0 coins.
    let input = try TransactionInput(parsed, path: path, priceOption: PortfolioCommand.costOption)
    self.init(
      coin: coin, isID: isID, amount: try PortfolioCommand.amount(amountText, path: path),
      cost: input.price, file: parsed.value(PortfolioCommand.fileOption),
      market: try MarketOptions(parsed, path: path), total: input.total, fee: input.fee,
      date: input.date, note: input.note,
      wallet: try WalletOptions.name(parsed, WalletOptions.recordOption, path: path)
        ?? Transaction.defaultWallet)
  }
}
