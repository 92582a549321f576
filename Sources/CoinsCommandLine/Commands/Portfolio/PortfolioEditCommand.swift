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
  /// The rules the gains before and after are reckoned by (`--rules`, `[tax] rules`), with
  /// their currency (`--currency` when given), method and scope.
  var rules: TaxRules
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
      each tax year's gain of the coin before and after — by the rules in force (--rules, or
      [tax] rules in the config file; --method and --scope under the US rules), in their
      currency unless --currency says otherwise, naming them. Only the coins the edit changed
      are reckoned again: every rule set matches each coin on its own, so no other coin's
      figures move. Taken back with 'coins portfolio undo'.

      Examples:
        coins portfolio edit 39 --price 42000
        coins portfolio edit 12 --date 2024-03-02 --wallet kraken
        coins portfolio edit 7 --income
        coins portfolio edit 39 --price 42000 --rules uk
      """,
    arguments: [.init(name: "id", help: "The transaction's id (see coins portfolio history).")],
    options: [
      amountOption, PortfolioCommand.priceOption, TransactionInput.totalOption,
      PortfolioCommand.currencyOfFiguresOption, TransactionInput.feeOption, feeCurrencyOption,
      TransactionInput.dateOption, walletOption, noteOption, incomeOption, noIncomeOption,
      coinOption, PortfolioCommand.methodOption, WalletOptions.scopeOption,
      TaxOptions.rulesOption, TaxOptions.zoneOption, PortfolioCommand.fileOption,
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
    var coins: [String] = []
    for change in changes {
      for coin in [
        read.portfolio.transaction(id: change.before.id)?.coin,
        after.transaction(id: change.after.id)?.coin,
      ].compactMap({ $0 })
      where !coins.contains(coin) {
        coins.append(coin)
      }
    }
    let rates = await context.exchangeRates(
      for: read.portfolio, in: rules.currency, options: MarketOptions())
    let gains = GainsChange(
      from: read.portfolio, to: after, coins: coins, rules: rules, rates: rates)
    _ = try context.updatePortfolio(store, after: read) { portfolio in
      try portfolio.edit(transactionID, edit)
    }
    let names = await context.heldCoins().names()
    var shown = changes
    // A move's other half goes to the new coin with it, itself unchanged: said too.
    if edit.coin != nil, let (coin, _) = read.portfolio.transaction(id: transactionID),
      let partner = read.portfolio.holding(id: coin)?.movePartner(of: transactionID),
      !shown.contains(where: { $0.before.id == partner.id })
    {
      shown.append((partner, partner))
    }
    var text = ""
    for (index, change) in shown.enumerated() {
      let was = read.portfolio.transaction(id: change.before.id)?.coin ?? ""
      let coin = after.transaction(id: change.after.id)?.coin ?? ""
      text +=
        (index == 0
          ? "Edited transaction \(change.after.id)" : "and transaction \(change.after.id)")
        + ", a \(TransactionWords.kind(change.before.kind)) of \(names.symbol(of: coin)):\n"
      var lines = fieldChanges(change.before, change.after, in: context)
      if was != coin { lines.append("coin: \(names.symbol(of: was)) → \(names.symbol(of: coin))") }
      for line in lines { text += "  \(line)\n" }
    }
    let style = CurrencyStyle(code: rules.currency)
    let sale = rules.matching == .shareMatching ? "disposal" : "sale"
    for year in gains.years {
      text +=
        "\(year.label): \(names.symbol(of: year.coin)) gain "
        + "\(MoneyFormat.text(year.before, currency: style)) → "
        + "\(MoneyFormat.text(year.after, currency: style)) (\(year.sales) "
        + "\(sale)\(year.sales == 1 ? "" : "s"); \(Self.naming(rules)))\n"
    }
    context.stdout.write(text)
  }

  /// The rules as the gains lines name them: `US rules, FIFO, universal`, `UK rules (HMRC
  /// share matching)`, `German rules (§ 23 EStG), scope wallet`.
  static func naming(_ rules: TaxRules) -> String {
    switch rules.matching {
    case .lots(let method, let scope, _): "\(rules.title), \(method.label), \(scope.rawValue)"
    case .shareMatching: rules.title
    case .firstInFirstOutOneYear(let scope): "\(rules.title), scope \(scope.rawValue)"
    }
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
    let method = try PortfolioCommand.method(parsed, path: path)
    let scope = try WalletOptions.scope(parsed, path: path)
    var rules = try TaxOptions.rules(parsed, path: path)
    if rules.name == TaxRules.us.name {
      rules.matching = .lots(method: method, scope: scope, longTerm: .afterAnniversary)
      rules.currency = currency ?? "usd"
    } else {
      rules = try TaxOptions.rules(
        rules, method: parsed.value(PortfolioCommand.methodOption) == nil ? nil : method,
        scope: parsed.value(WalletOptions.scopeOption) == nil ? nil : scope, longTerm: nil,
        path: path)
      rules.currency = currency ?? rules.currency
    }
    self.init(
      transactionID: id, edit: edit, coin: coin, rules: rules,
      file: parsed.value(PortfolioCommand.fileOption))
  }
}
