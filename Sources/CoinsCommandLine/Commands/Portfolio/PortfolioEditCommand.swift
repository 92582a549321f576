import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio edit <id>`: changes one transaction (a move's two halves together
/// where it makes sense), says what changed and how each tax year's realized gain moved.
struct PortfolioEditCommand: RunnableCommand, Equatable {
  /// The transaction's id.
  var transactionID: String
  /// What to change.
  var edit: TransactionEdit
  /// The coin as typed (`--coin`): a held coin's symbol or id, else a CoinGecko id.
  var coin: String?
  /// The currency the gains are shown in (`--currency`, else the config file's).
  var currency: String
  /// How sold coins are costed, for the gains before and after.
  var method: CostBasisMethod
  /// Which lots a sale takes, for the gains before and after.
  var scope: CostBasisScope
  /// The portfolio file, when given with `--file`.
  var file: String?

  static let path = ["portfolio", "edit"]
  static let amountOption = CommandSpec.Option(
    name: "--amount", valueName: "amount", help: "The amount of coins.")
  static let feeCurrencyOption = CommandSpec.Option(
    name: "--fee-currency", valueName: "code", help: "The currency of the fee.")
  static let walletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name", help: "The wallet it belongs to.")
  static let incomeOption = CommandSpec.Option(
    name: "--income", help: "Mark a transfer in as income (staking, a reward, an airdrop).")
  static let noIncomeOption = CommandSpec.Option(
    name: "--no-income", help: "Mark a transfer in as not income.")
  static let coinOption = CommandSpec.Option(
    name: "--coin", valueName: "coin", help: "The coin: a held coin's symbol, or a CoinGecko id.",
    completion: .coin)
  static let noteOption = CommandSpec.Option(
    name: "--note", valueName: "text", help: "The note; an empty one removes it.")

  static let spec = CommandSpec(
    path: path,
    abstract: "Change one transaction: its amount, price, fee, date, wallet, note or coin.",
    discussion: """
      Changes only what is given. Refused, with nothing written, when the result would take
      more out of a wallet than it holds at any date or would no longer pair a move, and for
      an option that does not apply to the transaction (a price on a transfer out, a fee on a
      transfer, income on anything but coins that came in). The date and the amount sent of a
      move are changed on both its halves. Prints what changed and, when realized gains move,
      each year's gain before and after by --method and --scope. Taken back with
      'coins portfolio undo'.

      Examples:
        coins portfolio edit 39 --price 42000
        coins portfolio edit 12 --date 2024-03-02 --wallet kraken
        coins portfolio edit 7 --income
      """,
    arguments: [.init(name: "id", help: "The transaction's id (see coins portfolio history).")],
    options: [
      amountOption, PortfolioCommand.priceOption, TransactionInput.totalOption,
      PortfolioCommand.currencyOfFiguresOption, TransactionInput.feeOption, feeCurrencyOption,
      TransactionInput.dateOption, walletOption, noteOption, incomeOption, noIncomeOption,
      coinOption, PortfolioCommand.methodOption, WalletOptions.scopeOption,
      PortfolioCommand.fileOption,
    ],
    parse: { parsed throws(UsageError) in try PortfolioEditCommand(parsed) })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
    var edit = edit
    if let date = edit.date { edit.date = try context.transactionDate(date, path: Self.path) }
    if let coin {
      let held = context.heldCoins()
      edit.coin = await held.id(of: coin, isID: false, in: read.portfolio) ?? coin.lowercased()
    }
    var after = read.portfolio
    let changes: [(before: Transaction, after: Transaction)]
    do {
      changes = try after.edit(transactionID, edit)
    } catch {
      throw CommandFailure(
        error.message, kind: error == .noSuchTransaction(transactionID) ? .badData : .other)
    }
    let rates = await context.exchangeRates(
      for: read.portfolio, in: currency, options: MarketOptions())
    let gains = GainsChange(
      from: read.portfolio, to: after, currency: currency, method: method, scope: scope,
      rates: rates)
    _ = try context.updatePortfolio(store, after: read) { portfolio in
      try portfolio.edit(transactionID, edit)
    }
    let names = await context.heldCoins().names()
    var text = ""
    for (index, change) in changes.enumerated() {
      let coin = after.transaction(id: change.after.id)?.coin ?? ""
      text +=
        (index == 0
          ? "Edited transaction \(change.after.id)" : "and transaction \(change.after.id)")
        + ", a \(TransactionWords.kind(change.before.kind)) of \(names.symbol(of: coin)):\n"
      for line in fieldChanges(change.before, change.after, in: context) { text += "  \(line)\n" }
    }
    for year in gains.years {
      let style = CurrencyStyle(code: currency)
      text +=
        "\(year.year): gain \(MoneyFormat.text(year.before, currency: style)) → "
        + "\(MoneyFormat.text(year.after, currency: style)) (\(year.sales) "
        + "\(year.sales == 1 ? "sale" : "sales"); \(method.label), \(scope.rawValue))\n"
    }
    context.stdout.write(text)
  }

  /// `price: $40,000.00 → $42,000.00`, one line per field that changed.
  private func fieldChanges(_ old: Transaction, _ new: Transaction, in context: CommandContext)
    -> [String]
  {
    func money(_ value: Decimal?, _ currency: String) -> String {
      value.map { context.money($0, currency) } ?? "none"
    }
    func day(_ date: Date?) -> String { date.map(DateInput.dayText) ?? "none" }
    var lines: [String] = []
    func line(_ name: String, _ was: String, _ now: String) {
      if was != now { lines.append("\(name): \(was) → \(now)") }
    }
    line("amount", DecimalInput.text(old.amount), DecimalInput.text(new.amount))
    line("price", money(old.price, old.priceCurrency), money(new.price, new.priceCurrency))
    line("fee", money(old.fee, old.feeCurrencyOrDefault), money(new.fee, new.feeCurrencyOrDefault))
    line("date", day(old.date), day(new.date))
    line("wallet", old.wallet, new.wallet)
    line("note", old.note ?? "none", new.note ?? "none")
    line("income", old.isIncome ? "yes" : "no", new.isIncome ? "yes" : "no")
    if lines.isEmpty, old != new { lines.append("coin changed") }
    return lines
  }
}

extension PortfolioEditCommand {
  /// Reads `coins portfolio edit`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.path
    guard let id = parsed.positionals.first, !id.isEmpty else {
      throw UsageError("Missing expected argument '<id>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    let input = try TransactionInput(parsed, path: path, priceOption: PortfolioCommand.priceOption)
    var edit = TransactionEdit()
    if let text = parsed.value(Self.amountOption) {
      edit.amount = try PortfolioCommand.amount(text, path: path)
    }
    edit.price = input.price
    edit.total = input.total
    if let fee = input.fee {
      guard fee >= 0 else {
        throw UsageError(
          "The value '\(DecimalInput.text(fee))' is invalid for '--fee <amount>': a fee is not "
            + "negative.", commandPath: path)
      }
      edit.fee = fee
    }
    edit.date = input.date
    let currency = try parsed.value(PortfolioCommand.currencyOfFiguresOption).map {
      text throws(UsageError) in try OptionValue.currency(text, path: path)
    }
    // The currency (given, or the config file's) is the currency of the money typed.
    if edit.price != nil || edit.total != nil || edit.fee != nil { edit.currency = currency }
    if let text = parsed.value(Self.feeCurrencyOption) {
      edit.feeCurrency = try OptionValue.currency(text, path: path)
    } else if edit.fee != nil, edit.price == nil, edit.total == nil {
      edit.feeCurrency = currency
    }
    if let wallet = try WalletOptions.name(parsed, Self.walletOption, path: path) {
      edit.wallet = wallet
    }
    if let note = parsed.value(Self.noteOption) {
      guard Sanitizer.clean(note) == note, note.count <= 500 else {
        throw UsageError(
          "The value for '--note <text>' must be at most 500 printable characters.",
          commandPath: path)
      }
      edit.note = note
    }
    switch (parsed.flag(Self.incomeOption), parsed.flag(Self.noIncomeOption)) {
    case (true, true):
      throw UsageError("'--income' and '--no-income' cannot be used together.", commandPath: path)
    case (true, false): edit.isIncome = true
    case (false, true): edit.isIncome = false
    case (false, false): break
    }
    let coin = parsed.value(Self.coinOption)
    guard !edit.isEmpty || coin != nil else {
      throw UsageError(
        "Nothing to change: give at least one of --amount, --price, --total, --fee, --date, "
          + "--wallet, --note, --income, --no-income or --coin.", commandPath: path)
    }
    self.init(
      transactionID: id, edit: edit, coin: coin, currency: currency ?? "usd",
      method: try PortfolioCommand.method(parsed, path: path),
      scope: try WalletOptions.scope(parsed, path: path),
      file: parsed.value(PortfolioCommand.fileOption))
  }
}
