import CoinsModel
import CoinsPresentation

/// `coins watch …`, parsed.
public struct WatchOptions: Sendable, Equatable {
  /// Seconds between refreshes (at least 1).
  public var interval = Self.defaultInterval
  /// How many coins, in market mode.
  public var count = 20
  /// Watch the portfolio instead of the market.
  public var portfolio = false
  /// The portfolio file, when given with `--file`.
  public var file: String?
  /// Also the holdings at zero, with `--portfolio` (`--all`); hidden by default, as in
  /// `portfolio value`.
  public var all = false
  /// The column to order by (market mode).
  public var sort = SortKey.rank
  /// The column to order the portfolio by (`--portfolio`); `nil`: the file's order.
  package var portfolioSort: PortfolioSortKey?
  /// Reverse the order.
  public var reverse = false
  /// One JSON object per line per tick instead of frames.
  public var json = false
  /// Plain ASCII sparklines.
  public var ascii = false
  /// Currency, timeout and color (cache rules apply to the first tick only).
  public var market = MarketOptions()
  /// The shell command run once per fired alert.
  public var exec: String?
  /// Ring the terminal bell when an alert fires.
  public var bell = true
  /// A watchlist: the coins as typed (symbols or ids), watched instead of the top.
  public var coins: [String] = []
  /// Watch the favourites.
  public var favorites = false

  /// Whether a watchlist replaces the top `--top`.
  package var watchesList: Bool { !coins.isEmpty || favorites }

  /// Creates the defaults.
  public init() {}

  /// Below this interval without an API key, `coins` warns about CoinGecko's limits.
  static let keylessMinimumInterval = 30.0

  /// Seconds between refreshes unless `--interval` (or `watch.interval`) says otherwise.
  static let defaultInterval: Double = 60
  static let intervalOption = CommandSpec.Option(
    name: "--interval", shortName: "-n", valueName: "seconds",
    help: "Seconds between refreshes, 1 or more.",
    defaultValue: OptionValue.text(seconds: defaultInterval))
  static let topOption = CommandSpec.Option(
    name: "--top", valueName: "n", help: "How many coins to show, 1 to 1000.", defaultValue: "20")
  static let portfolioOption = CommandSpec.Option(
    name: "--portfolio", help: "Watch the portfolio's value instead of the market.")
  static let jsonOption = CommandSpec.Option(
    name: "--json", help: "Print one JSON object per line per refresh.")
  static let coinsOption = CommandSpec.Option(
    name: "--coins", valueName: "list",
    help: "Watch exactly these coins (symbols or ids, comma-separated), like the arguments.",
    completion: .coinList)
  static let favoritesOption = CommandSpec.Option(
    name: "--favorites", help: "Watch the favourites (marked with f in the interactive view).")
  /// `--sort`: the market's keys, or with `--portfolio` the keys of `portfolio value --sort`.
  static let sortOption = CommandSpec.Option(
    name: "--sort", shortName: "-s", valueName: "field",
    help: "Order by rank, price, change1h, change24h, change7d, marketcap, volume or name; "
      + "with --portfolio by value, share, pnl, change24h or name (default: rank; the file's "
      + "order with --portfolio).",
    completion: .choices(
      (SortKey.allCases.map(\.rawValue) + PortfolioSortKey.allCases.map(\.rawValue))
        .uniquedInOrder()))
  /// `--all`: as `portfolio value --all`, for the portfolio view.
  static let allOption = CommandSpec.Option(
    name: "--all", help: "With --portfolio, also show the holdings at zero, hidden by default.")
  static let noBellOption = CommandSpec.Option(
    name: "--no-bell", help: "Do not ring the terminal bell when an alert fires.")

  static let spec = CommandSpec(
    path: ["watch"],
    abstract: "Keep a live market (or portfolio) view on screen, refreshed every interval.",
    discussion: """
      On a terminal the view is redrawn in place and driven by keys: arrows or j/k move, s
      sorts, / filters (when nothing on view matches, Enter searches all of CoinGecko), Enter
      opens a coin, f marks a favourite, p shows the portfolio, ? lists every key, q quits.
      Piped, each refresh prints a plain frame headed by its time, or with --json one JSON
      object per line.
      When CoinGecko fails, the last good data stays on screen marked stale until it recovers.
      Alert rules (`coins alert`) in the watch's currency are checked on every live refresh.

      Examples:
        coins watch
        coins watch btc eth sol
        coins watch --interval 30 --top 50 --sort change24h
        coins watch --portfolio --currency eur
        coins watch --interval 60 --json | jq -c '.coins[0].price'
      """,
    arguments: [
      .init(
        name: "coin", help: "Coins to watch instead of the top (symbols or ids).",
        isOptional: true, isRepeating: true, completion: .coin)
    ],
    options: [
      intervalOption, topOption, coinsOption, favoritesOption, portfolioOption,
      PortfolioCommand.fileOption, allOption,
      MarketOptions.currencyOption, sortOption, SortKey.reverseOption, jsonOption,
      TopOptions.asciiOption, MarketOptions.refreshTimeoutOption, MarketOptions.colorOption,
      MarketOptions.utcOption, AlertCommand.execOption, noBellOption,
    ],
    parse: { parsed throws(UsageError) in WatchCommand(options: try WatchOptions(parsed)) })

  /// Reads the options from parsed words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    coins = parsed.positionals
    if let list = parsed.value(Self.coinsOption) {
      coins += list.split(separator: ",").map { $0.trimmingWhitespace() }
        .filter { !$0.isEmpty }
      if coins.isEmpty {
        throw UsageError("'--coins <list>' names no coin.", commandPath: path)
      }
    }
    favorites = parsed.flag(Self.favoritesOption)
    if let text = parsed.value(Self.intervalOption) {
      interval = try OptionValue.seconds(
        text, for: Self.intervalOption.quoted, minimum: 1, maximum: 86_400, path: path)
    }
    if let text = parsed.value(Self.topOption) {
      count = try OptionValue.integer(
        text, for: Self.topOption.quoted, in: 1...TopOptions.maxCount, path: path)
    }
    portfolio = parsed.flag(Self.portfolioOption)
    if portfolio && parsed.value(Self.topOption) != nil {
      throw UsageError("'--top' and '--portfolio' cannot be used together.", commandPath: path)
    }
    if watchesList && (portfolio || parsed.value(Self.topOption) != nil) {
      throw UsageError(
        "A watchlist (coins, '--coins' or '--favorites') replaces '--top' and '--portfolio'.",
        commandPath: path)
    }
    file = parsed.value(PortfolioCommand.fileOption)
    if file != nil && !portfolio {
      throw UsageError("'--file' goes with '--portfolio'.", commandPath: path)
    }
    all = parsed.flag(Self.allOption)
    if all && !portfolio {
      throw UsageError("'--all' goes with '--portfolio'.", commandPath: path)
    }
    if let text = parsed.value(Self.sortOption) {
      if portfolio {
        portfolioSort = try OptionValue.choice(
          text, for: Self.sortOption.quoted + "' with '--portfolio", path: path)
      } else {
        sort = try OptionValue.choice(text, for: Self.sortOption.quoted, path: path)
      }
    }
    reverse = parsed.flag(SortKey.reverseOption)
    json = parsed.flag(Self.jsonOption)
    ascii = parsed.flag(TopOptions.asciiOption)
    market = try MarketOptions(parsed, path: path)
    exec = parsed.value(AlertCommand.execOption)
    bell = !parsed.flag(Self.noBellOption)
  }
}
