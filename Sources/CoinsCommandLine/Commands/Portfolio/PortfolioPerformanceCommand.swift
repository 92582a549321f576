import CoinsModel
import CoinsPresentation
import CoinsPriceSources
import CoinsServices

/// Runs `coins portfolio performance`: the range's values, flows and gain, its time- and
/// money-weighted returns and deepest drawdown, beside what the same dated flows would have
/// made in a benchmark coin; each day valued at the price chain's opens.
package struct PortfolioPerformanceCommand: RunnableCommand, Equatable {
  var range = HistoryRange.yearToDate
  var from: UTCDay?
  var to: UTCDay?
  var wallet: String?
  var byCoin = false
  var byWallet = false
  /// The coin typed for `--benchmark`; `nil` for none.
  var benchmark: String? = "btc"
  var per: ReturnPeriod?
  var format = OutputFormat.table
  /// Plain ASCII (the indices' chart too).
  var ascii = false
  var file: String?
  var market = MarketOptions()

  static let rangeOption = CommandSpec.Option(
    name: "--range", valueName: "range",
    help: "The whole UTC days up to yesterday: \(HistoryRange.list).", defaultValue: "ytd",
    completion: .choices(HistoryRange.allCases.map(\.rawValue)))
  static let fromOption = CommandSpec.Option(
    name: "--from", valueName: "date", help: "Start on this UTC day (2026-01-31) instead.")
  static let toOption = CommandSpec.Option(
    name: "--to", valueName: "date", help: "End on this UTC day, before today (default: yesterday)."
  )
  static let byCoinOption = CommandSpec.Option(
    name: "--by-coin", help: "A row for each coin: its gain and its part of the return.")
  static let byWalletOption = CommandSpec.Option(
    name: "--by-wallet", help: "A row for each wallet, measured on its own.")
  static let benchmarkOption = CommandSpec.Option(
    name: "--benchmark", valueName: "coin",
    help: "The coin the same flows are put into, or none.", defaultValue: "btc")
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the indices' chart (and everything else) in plain ASCII.")
  static let perOption = CommandSpec.Option(
    name: "--per", valueName: "period", help: "A row per month or year with both returns.",
    completion: .choices(ReturnPeriod.allCases.map(\.rawValue)))

  static let spec = CommandSpec(
    path: ["portfolio", "performance"],
    abstract: "Returns over a range (time- and money-weighted), against holding a benchmark.",
    discussion: """
      Each day is valued at the next day's open (your prices, then CoinGecko, Coinbase,
      Binance). Money put in or taken out is a flow, not a gain; income is return; fees are
      part of it. The benchmark gets the same dated flows. Definitions: docs/returns.md.

      Examples:
        coins portfolio performance
        coins portfolio performance --range 1y --per month
        coins portfolio performance --from 2025-01-01 --to 2025-12-31 --by-coin --json
      """,
    options: [
      rangeOption, fromOption, toOption, MarketOptions.currencyOption, WalletOptions.filterOption,
      byCoinOption, byWalletOption, benchmarkOption, perOption, OutputFormat.jsonOption,
      OutputFormat.csvOption, asciiOption, PortfolioCommand.fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in try PortfolioPerformanceCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    if let text = parsed.value(Self.rangeOption) {
      range = try OptionValue.choice(text, for: Self.rangeOption.quoted, path: path)
    }
    if let text = parsed.value(Self.fromOption) {
      guard parsed.value(Self.rangeOption) == nil else {
        throw UsageError("'--range' and '--from' cannot be used together.", commandPath: path)
      }
      from = try PricesCommand.day(text, for: Self.fromOption.quoted, path: path)
    }
    if let text = parsed.value(Self.toOption) {
      guard let from else {
        throw UsageError("'--to <date>' needs '--from <date>'.", commandPath: path)
      }
      let to = try PricesCommand.day(text, for: Self.toOption.quoted, path: path)
      guard to >= from else {
        throw UsageError("'--to <date>' must not be before '--from <date>'.", commandPath: path)
      }
      self.to = to
    }
    wallet = try WalletOptions.name(parsed, WalletOptions.filterOption, path: path)
    byCoin = parsed.flag(Self.byCoinOption)
    byWallet = parsed.flag(Self.byWalletOption)
    if byWallet, wallet != nil {
      throw UsageError("'--by-wallet' and '--wallet' cannot be used together.", commandPath: path)
    }
    if let text = parsed.value(Self.benchmarkOption) {
      let coin = Sanitizer.clean(text).lowercased()
      guard !coin.isEmpty else {
        throw UsageError("Missing value for '\(Self.benchmarkOption.quoted)'", commandPath: path)
      }
      benchmark = coin == "none" ? nil : coin
    }
    if let text = parsed.value(Self.perOption) {
      per = try OptionValue.choice(text, for: Self.perOption.quoted, path: path)
    }
    format = try OutputFormat(parsed, path: path)
    ascii = parsed.flag(Self.asciiOption)
    file = parsed.value(PortfolioCommand.fileOption)
    market = try MarketOptions(parsed, path: path)
  }

  package func run(in context: CommandContext) async throws(CommandFailure) {
    let portfolio = try context.loadPortfolio(from: context.portfolioStore(file: file))
    if let wallet { try context.knownWallet(wallet, in: portfolio) }
    let days = try self.days(in: portfolio, today: UTCDay(context.timeSource.now()))
    let measured = try await context.measurePerformance(
      portfolio, scope: wallet.map(ReturnsScope.wallet) ?? .portfolio, byWallet: byWallet,
      days: days, market: market, benchmark: benchmark)
    let result = measured.result
    let names = measured.names
    var report = PerformanceReport(
      result.performance, title: wallet.map { "Wallet \(Sanitizer.printable($0))" } ?? "Portfolio")
    if let figures = result.benchmark, let coin = measured.benchmark {
      report.benchmark = (figures, Sanitizer.printable(coin.symbol.uppercased()))
    }
    report.wallets = result.wallets
    report.byCoin = byCoin
    report.per = per
    report.names = names
    report.sources = result.opens.sources.sorted()
    report.ascii = ascii
    switch format {
    case .json: context.stdout.write(report.json() + "\n")
    case .csv: context.stdout.write(report.csv())
    case .table: context.stdout.write(report.text())
    }
  }

  /// The range's days: `--from`/`--to`, else the named range, up to yesterday.
  private func days(in portfolio: Portfolio, today: UTCDay) throws(CommandFailure)
    -> ClosedRange<UTCDay>
  {
    let path = Self.spec.path
    if let from {
      let last = to ?? today.adding(days: -1)
      guard last < today else {
        throw CommandFailure(
          UsageError(
            "'--to <date>' \(last) has not closed yet (today is \(today) UTC): a day's end value "
              + "is the next day's open.", commandPath: path))
      }
      guard from <= last else {
        throw CommandFailure(
          UsageError(
            "'--from <date>' \(from) has not closed yet (today is \(today) UTC).", commandPath: path
          ))
      }
      return from...last
    }
    let firstDay = portfolio.holdings.flatMap { $0.transactions.map(\.day) }.filter {
      $0 != Int.min
    }.min()
    guard let days = range.days(today: today.number, firstDay: firstDay) else {
      throw CommandFailure(
        "No closed day in the range \(range.rawValue) yet (today is \(today) UTC); try --range 7d.",
        kind: .other)
    }
    return UTCDay(number: days.lowerBound)...UTCDay(number: days.upperBound)
  }

  /// Each member as given (the defaults: the year to date against BTC).
  package init() {}
}
