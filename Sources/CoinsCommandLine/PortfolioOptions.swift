import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `coins portfolio …` subcommands: their specs and parsed options.
public enum PortfolioCommand {
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

  /// `list`'s options.
  public struct List: Sendable, Equatable {
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// JSON instead of a table.
    public var json: Bool
    /// Only this wallet's coins and lots (`--wallet`).
    public var wallet: String? = nil
    /// A row per coin and wallet (`--by-wallet`).
    public var byWallet = false

    /// Each member as given.
    package init(file: String? = nil, json: Bool, wallet: String? = nil, byWallet: Bool = false) {
      self.file = file
      self.json = json
      self.wallet = wallet
      self.byWallet = byWallet
    }
  }

  /// `value`'s options.
  public struct Value: Sendable, Equatable {
    /// The portfolio file, when given with `--file`.
    public var file: String?
    /// Table, JSON or CSV.
    public var format: OutputFormat
    /// Plain ASCII sparkline.
    public var ascii: Bool
    /// Currency, cache, fallback, timeout and color.
    public var market: MarketOptions
    /// How sold coins are costed.
    public var method: CostBasisMethod = .fifo
    /// Count realized profit from sales on or after this date only.
    public var since: Date? = nil
    /// The order of the holdings; `nil` keeps the file's.
    var sort: PortfolioSortKey? = nil
    /// `--reverse`.
    public var reverse = false
    /// Only this wallet's coins and sales (`--wallet`).
    public var wallet: String? = nil
    /// Which lots a sale takes when coins are in several wallets (`--scope`).
    public var scope: CostBasisScope = .universal
    /// A row per coin and wallet (`--by-wallet`).
    public var byWallet = false

    /// Each member as given.
    package init(
      file: String? = nil, format: OutputFormat, ascii: Bool, market: MarketOptions,
      method: CostBasisMethod = .fifo, since: Date? = nil, sort: PortfolioSortKey? = nil,
      reverse: Bool = false, wallet: String? = nil, scope: CostBasisScope = .universal,
      byWallet: Bool = false
    ) {
      self.file = file
      self.format = format
      self.ascii = ascii
      self.market = market
      self.method = method
      self.since = since
      self.sort = sort
      self.reverse = reverse
      self.wallet = wallet
      self.scope = scope
      self.byWallet = byWallet
    }
  }

  static let methodOption = CommandSpec.Option(
    name: "--method", valueName: "method",
    help: "How sold coins are costed: fifo (oldest first), lifo (newest first), hifo (highest cost "
      + "first) or average.",
    defaultValue: "fifo")
  static let sinceOption = CommandSpec.Option(
    name: "--since", valueName: "date",
    help: "Count realized profit from sales on or after this date (YYYY-MM-DD) only.")

  static let fileOption = CommandSpec.Option(
    name: "--file", valueName: "path",
    help: "The portfolio file (default: $COINS_PORTFOLIO, else "
      + "$XDG_DATA_HOME/coins/portfolio.json).", completion: .file)
  static let idOption = CommandSpec.Option(
    name: "--id", valueName: "id",
    help: "Name the coin by its CoinGecko id instead of <coin>, e.g. --id bitcoin.",
    completion: .coin)

  static let costOption = CommandSpec.Option(
    name: "--cost", valueName: "price", help: "The price paid per coin, in --currency.")
  static let jsonOption = TopOptions.jsonOption
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the sparkline in plain ASCII.")

  static let addSpec = CommandSpec(
    path: ["portfolio", "add"],
    abstract: "Record a buy: an amount of a coin, optionally with the price paid.",
    discussion: """
      <coin> is a symbol (btc) or a CoinGecko id (bitcoin). A symbol shared by several coins
      means the one with the best market-cap rank; --id picks any other.

      With --date and no price, the price is CoinGecko's at 00:00 UTC that day (free plans
      reach the past 365 days). Without either, the buy is kept without a cost.

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

  static let removeSpec = CommandSpec(
    path: ["portfolio", "remove"],
    abstract: "Correct a mistake: remove an amount (oldest lots first) or the whole holding.",
    discussion: """
      For corrections only: the coins vanish as if never bought, and removing a whole holding
      forgets its history. Record a sale with 'coins portfolio sell', a move with
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
    options: [idOption, fileOption, MarketOptions.timeoutOption],
    parse: { parsed throws(UsageError) in
      PortfolioRemoveCommand(options: try Remove(parsed))
    })

  static let listSpec = CommandSpec(
    path: ["portfolio", "list"],
    abstract: "Show the holdings and their open lots (oldest first), from the file alone.",
    options: [jsonOption, WalletOptions.filterOption, WalletOptions.byWalletOption, fileOption],
    parse: { parsed throws(UsageError) in
      PortfolioListCommand(options: try List(parsed))
    })

  static let valueSpec = CommandSpec(
    path: ["portfolio", "value"],
    abstract: "Value the portfolio: rows, total, 24h change, profit and loss, 7-day sparkline.",
    discussion: """
      Cost basis, unrealized and realized profit count fees; costs in another currency are
      converted at their day's rate (at today's, and said so, beyond the past year).

      Examples:
        coins portfolio value
        coins portfolio value --currency eur --json | jq .total
        coins portfolio value --sort pnl --csv > holdings.csv
        coins portfolio value --method average --since 2026-01-01
      """,
    options: [
      MarketOptions.currencyOption, PortfolioSortKey.option, SortKey.reverseOption, methodOption,
      WalletOptions.scopeOption, WalletOptions.filterOption, WalletOptions.byWalletOption,
      sinceOption, jsonOption,
      TopOptions.csvOption, asciiOption, fileOption,
    ] + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in
      PortfolioValueCommand(options: try Value(parsed))
    })

  static let groupSpec = CommandSpec(
    path: ["portfolio"],
    abstract: "Keep holdings and see what they are worth.",
    subcommands: [
      addSpec, sellSpec, transferSpec, undoSpec, historySpec, gainsSpec,
      PortfolioIncomeCommand.spec, exportSpec, importSpec,
      removeSpec, listSpec, valueSpec, PortfolioWalletsCommand.spec, PortfolioChartCommand.spec,
    ])

  /// `<coin>` or `--id <id>`, and the positionals after it.
  static func coinArgument(_ parsed: ParsedArguments, path: [String]) throws(UsageError)
    -> (String, Bool, [String])
  {
    if let id = parsed.value(idOption) {
      guard !id.isEmpty else {
        throw UsageError("Missing value for '--id <id>'", commandPath: path)
      }
      return (id.lowercased(), true, parsed.positionals)
    }
    guard let coin = parsed.positionals.first, !coin.isEmpty else {
      throw UsageError("Missing expected argument '<coin>'", commandPath: path)
    }
    return (coin, false, Array(parsed.positionals.dropFirst()))
  }

  static func amount(_ text: String, path: [String]) throws(UsageError) -> Decimal {
    guard let value = DecimalInput.amount(text) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '<amount>': expected a "
          + "positive decimal number such as 0.5.", commandPath: path)
    }
    return value
  }
}
