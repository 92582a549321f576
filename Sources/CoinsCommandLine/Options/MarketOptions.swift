import CoinsServices
import CoinsTerminal

/// The options every market command shares: currency, cache age, fallback, timeout, color.
public struct MarketOptions: Sendable, Equatable {
  /// The `vs_currency` code.
  public var currency = Self.defaultCurrency
  /// Reuse a cached answer younger than this many seconds.
  public var maxAge = MarketRequest.defaultMaxAge
  /// Fail instead of falling back to cached or sample data.
  public var liveOnly = false
  /// Seconds to wait for one answer from CoinGecko.
  public var timeout = Self.defaultTimeout
  /// Whether ``timeout`` is the whole command's budget, retries included (`coins price`), rather
  /// than each answer's, the command giving up after three times it.
  public var timeoutIsWholeBudget = false
  /// When to color the output.
  public var color = Self.defaultColor
  /// Show times in UTC instead of the local time zone (`--utc`).
  public var utc = false

  /// Creates the defaults.
  public init() {}

  // Each default written once: it feeds the property, the option's help (and so the manual
  // and completions) and the config file's key (`ConfigKey`).
  static let defaultCurrency = "usd"
  static let defaultTimeout: Double = 10
  static let defaultColor = ColorChoice.auto

  static let currencyOption = CommandSpec.Option(
    name: "--currency", shortName: "-c", valueName: "code",
    help: "The currency to price in: usd, eur, gbp, jpy, btc, eth, …",
    defaultValue: defaultCurrency,
    completion: .currency)
  static let maxAgeOption = CommandSpec.Option(
    name: "--max-age", valueName: "seconds",
    help: "Reuse a cached answer younger than this; 0 always asks CoinGecko.",
    defaultValue: OptionValue.text(seconds: MarketRequest.defaultMaxAge))
  static let liveOption = CommandSpec.Option(
    name: "--live",
    help: "Never fall back to cached or sample data: fail (exit 69) when CoinGecko cannot answer.")
  static let timeoutOption = CommandSpec.Option(
    name: "--timeout", valueName: "seconds",
    help: "Seconds to wait for each answer from CoinGecko; the whole command, retries included, "
      + "gives up after three times that and falls back.",
    defaultValue: OptionValue.text(seconds: defaultTimeout))
  /// `coins watch`'s: each refresh has the budget.
  static let refreshTimeoutOption = CommandSpec.Option(
    name: "--timeout", valueName: "seconds",
    help: "Seconds to wait for each answer from CoinGecko; each refresh, retries included, gives "
      + "up after three times that.", defaultValue: OptionValue.text(seconds: defaultTimeout))
  /// `coins price`'s: the whole command's budget.
  static let wholeTimeoutOption = CommandSpec.Option(
    name: "--timeout", valueName: "seconds",
    help: "Seconds the whole command may wait for CoinGecko, retries included; then it answers "
      + "from the cache or the sample at once.",
    defaultValue: OptionValue.text(seconds: defaultTimeout))
  static let colorOption = CommandSpec.Option(
    name: "--color", valueName: "when", help: "Color output: auto, always or never.",
    defaultValue: defaultColor.rawValue,
    completion: .choices(ColorChoice.allCases.map(\.rawValue)))

  static let utcOption = CommandSpec.Option(
    name: "--utc", help: "Show times in UTC instead of the local time zone (TZ).")

  /// The option specs, in help order.
  static let specs = [
    currencyOption, maxAgeOption, liveOption, timeoutOption, colorOption, utcOption,
  ]

  /// Reads the shared options from parsed words.
  init(_ parsed: ParsedArguments, path: [String]) throws(UsageError) {
    if let text = parsed.value(Self.currencyOption) {
      currency = try OptionValue.currency(text, path: path)
    }
    if let text = parsed.value(Self.maxAgeOption) {
      maxAge = try OptionValue.seconds(text, for: Self.maxAgeOption.quoted, minimum: 0, path: path)
    }
    if let text = parsed.value(Self.timeoutOption) {
      timeout = try OptionValue.seconds(
        text, for: Self.timeoutOption.quoted, minimum: 0, exclusive: true, maximum: 600,
        path: path)
    }
    if let text = parsed.value(Self.colorOption) {
      color = try OptionValue.choice(text, for: Self.colorOption.quoted, path: path)
    }
    liveOnly = parsed.flag(Self.liveOption)
    utc = parsed.flag(Self.utcOption)
  }
}
