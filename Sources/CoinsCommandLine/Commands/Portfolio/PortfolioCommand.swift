import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `coins portfolio …` group: its spec, and the options and arguments its commands share.
public enum PortfolioCommand {
  static let methodOption = CommandSpec.Option(
    name: "--method", valueName: "method",
    help: "How sold coins are costed: fifo (oldest first), lifo (newest first), hifo (highest cost "
      + "first) or average.",
    defaultValue: CostBasisMethod.fifo.rawValue,
    completion: .choices(CostBasisMethod.allCases.map(\.rawValue)))
  static let allOption = CommandSpec.Option(
    name: "--all", help: "Also show the coins held no more (at zero), hidden by default.")
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
  static let jsonOption = OutputFormat.jsonOption
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the sparkline in plain ASCII.")

  static let groupSpec = CommandSpec(
    path: ["portfolio"],
    abstract: "Keep holdings and see what they are worth.",
    subcommands: [
      addSpec, sellSpec, transferSpec, undoSpec, historySpec, gainsSpec,
      PortfolioIncomeCommand.spec, exportSpec, importSpec,
      removeSpec, listSpec, valueSpec, PortfolioWalletsCommand.spec, PortfolioChartCommand.spec,
      PortfolioPerformanceCommand.spec, PortfolioLogCommand.spec, PortfolioEditCommand.spec,
      PortfolioCheckCommand.spec, PortfolioReconcileCommand.spec, PortfolioRepriceCommand.spec,
      PortfolioExplainCommand.spec,
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

extension PortfolioCommand {
  /// `--method fifo|lifo|hifo|average` (fifo when not given).
  static func method(_ parsed: ParsedArguments, path: [String]) throws(UsageError)
    -> CostBasisMethod
  {
    guard let text = parsed.value(methodOption) else { return .fifo }
    guard let method = CostBasisMethod(rawValue: text.lowercased()) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '--method <method>': expected "
          + "fifo, lifo, hifo or average.", commandPath: path)
    }
    return method
  }

  /// `--since <date>`, when given.
  static func since(_ parsed: ParsedArguments, path: [String]) throws(UsageError) -> Date? {
    guard let text = parsed.value(sinceOption) else { return nil }
    guard let date = DateInput.parse(text) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '--since <date>': expected "
          + "YYYY-MM-DD or an ISO-8601 time.", commandPath: path)
    }
    return date
  }
}

extension PortfolioCommand {
  static let priceOption = CommandSpec.Option(
    name: "--price", valueName: "price",
    help: "The price per coin received, in --currency (default: CoinGecko's for --date, else now).")
  static let currencyOfFiguresOption = CommandSpec.Option(
    name: "--currency", valueName: "code", help: "The currency of the price, total and fee.",
    defaultValue: "usd")

  /// `<coin> <amount>` (or `--id <id> <amount>`) and nothing after.
  static func coinAndAmount(_ parsed: ParsedArguments, path: [String]) throws(UsageError)
    -> (String, Bool, Decimal)
  {
    let (coin, isID, rest) = try coinArgument(parsed, path: path)
    guard let amountText = rest.first else {
      throw UsageError("Missing expected argument '<amount>'", commandPath: path)
    }
    try ParsedArguments.noExtra(rest.dropFirst(), path: path)
    return (coin, isID, try amount(amountText, path: path))
  }
}
