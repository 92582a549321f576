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
  /// Whether the coins came in as income (in only): valued at the day's open (else the price
  /// now) unless given.
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
    let heldCoins = context.heldCoins(market)
    let id: String
    var found: SearchResult?
    if direction == .transferIn {
      let lookup = CoinLookup(
        service: heldCoins.service, currency: market.currency, maxAge: market.maxAge)
      do {
        found = try await lookup.find(coin, isID: isID).0
        id = found?.id ?? coin
      } catch {
        throw CommandFailure(error)
      }
    } else {
      guard let held = await heldCoins.id(of: coin, isID: isID, in: portfolio)
      else {
        throw CommandFailure(
          PortfolioError.notHeld(Sanitizer.printable(coin)).message)
      }
      id = held
    }
    if direction == .transferIn, let found { await heldCoins.remember(found) }
    let names = await heldCoins.names()
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
        of: id, symbol: symbol, amount: amount, input: input, currency: market.currency,
        market: market, live: true, priceOption: "--cost")
    {
      (price, origin) = (found.price, found.origin)
    }
    var transfer = Transaction(
      kind: direction, amount: amount, price: price,
      currency: price == nil ? nil : market.currency, date: date, note: input.note,
      wallet: wallet)
    transfer.isIncome = isIncome
    transfer.priceSource = context.recordedSource(origin)
    let (recorded, holding) = try context.updatePortfolio(store, after: read, names: names) {
      portfolio in
      (try portfolio.record(transfer, to: id), portfolio.holding(id: id))
    }
    var text = ""
    if let price {
      text += context.priceOriginLine(origin, price: price, currency: market.currency)
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

/// `coins portfolio transfer in|out|move|link`.
extension PortfolioCommand {
  static let incomeOption = CommandSpec.Option(
    name: "--income",
    help: "The coins are income (staking, a reward, an airdrop), valued at the day's open from "
      + "the price chain (or CoinGecko's price now) unless given.")

  static let transferSpec = CommandSpec(
    path: ["portfolio", "transfer"],
    abstract: "Record coins moved in or out, or moved between your wallets (cost kept).",
    discussion: """
      <direction> is in, out, move or link. A transfer out takes coins at what they cost (the oldest
      first) and realizes no profit or loss; --cost, --total and --income apply to a transfer
      in only. A transfer in from outside costs 0 unless given.

      move takes coins from one of your wallets (--from) to another (--to) with the dates and
      costs they had: <amount> is what left --from, --fee the part of it that did not arrive
      (the network's fee, which leaves at its cost and realizes nothing). It is recorded as a
      transfer out and a transfer in, undone together. link <out-id> <in-id> pairs a transfer
      out and a transfer in recorded on their own (an import that could not match them) as
      such a move.

      --income marks coins received as income (staking, a reward, an airdrop): they are valued
      at the open of --date's UTC day from the price chain (else CoinGecko's price now)
      unless --cost or --total gives it, that value is their cost, and coins portfolio
      income lists them.

      Examples:
        coins portfolio transfer in eth 0.05 --income --note "staking reward"
        coins portfolio transfer out btc 0.2 --date 2026-03-01
        coins portfolio transfer move btc 0.5 --from coinbase --to ledger --fee 0.0001
        coins portfolio transfer link 12 15
      """,
    arguments: [
      .init(
        name: "direction", help: "in, out, move or link.",
        completion: .choices(["in", "out", "move", "link"])),
      .init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin),
      .init(name: "amount", help: "How many coins moved."),
    ],
    options: [
      costOption, TransactionInput.totalOption, incomeOption, TransactionInput.dateOption,
      TransactionInput.noteOption, idOption, currencyOfFiguresOption, transferWalletOption,
      WalletOptions.fromOption, WalletOptions.toOption, WalletOptions.networkFeeOption,
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "transfer"]
      guard let word = parsed.positionals.first else {
        throw UsageError("Missing expected argument '<direction>'", commandPath: path)
      }
      var rest = parsed
      rest.positionals.removeFirst()
      if word == "move" { return try PortfolioMoveCommand(rest) }
      if word == "link" { return try PortfolioLinkCommand(rest) }
      guard let direction = ["in": TransactionKind.transferIn, "out": .transferOut][word] else {
        throw UsageError(
          "The value '\(Sanitizer.printable(word))' is invalid for '<direction>': expected in, out, "
            + "move or link.", commandPath: path)
      }
      for option in [WalletOptions.fromOption, WalletOptions.toOption]
      where rest.value(option) != nil {
        throw UsageError(
          "'\(option.name)' applies to 'move' only; name a transfer's wallet with --wallet.",
          commandPath: path)
      }
      if rest.value(WalletOptions.networkFeeOption) != nil {
        throw UsageError("'--fee' applies to 'move' only.", commandPath: path)
      }
      let (coin, isID, amount) = try coinAndAmount(rest, path: path)
      let input = try TransactionInput(rest, path: path, priceOption: costOption)
      if direction == .transferOut && input.pricePerCoin(amount: amount) != nil {
        throw UsageError(
          "A transfer out leaves at its cost: '--cost' and '--total' apply to 'in' only.",
          commandPath: path)
      }
      let isIncome = rest.flag(incomeOption)
      if direction == .transferOut && isIncome {
        throw UsageError("'--income' applies to a transfer in only.", commandPath: path)
      }
      return PortfolioTransferCommand(
        direction: direction, coin: coin, isID: isID, amount: amount, input: input,
        isIncome: isIncome,
        wallet: try WalletOptions.name(rest, transferWalletOption, path: path),
        file: rest.value(fileOption),
        market: try MarketOptions(rest, path: path))
    })

  static let transferWalletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet coins arrive in (default: default) or leave (default: the one holding "
      + "the coin).")
}
