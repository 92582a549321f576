import CoinsModel
import FoundationEssentials

extension PortfolioCommand {
  static let priceOption = CommandSpec.Option(
    name: "--price", valueName: "price",
    help: "The price per coin received, in --currency (default: CoinGecko's for --date, else now).")
  static let currencyOfFiguresOption = CommandSpec.Option(
    name: "--currency", valueName: "code", help: "The currency of the price, total and fee.",
    defaultValue: "usd")

  static let sellSpec = CommandSpec(
    path: ["portfolio", "sell"],
    abstract: "Record a sale and print the profit or loss it realized (first in, first out).",
    discussion: """
      Without --price or --total the price is CoinGecko's: at 00:00 UTC on --date, else live
      now (never a cached or sample price; offline, give the price). Selling more than is held
      at that date is refused and nothing is written.

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
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "sell"]
      let (coin, isID, amount) = try coinAndAmount(parsed, path: path)
      return PortfolioSellCommand(
        coin: coin, isID: isID, amount: amount,
        input: try TransactionInput(parsed, path: path, priceOption: priceOption),
        file: parsed.value(fileOption), market: try MarketOptions(parsed, path: path))
    })

  static let transferSpec = CommandSpec(
    path: ["portfolio", "transfer"],
    abstract: "Record coins moved in (rewards, airdrops; cost 0 unless given) or out (at cost).",
    discussion: """
      <direction> is in or out. A transfer out takes the oldest coins first at what they cost
      and realizes no profit or loss; --cost and --total apply to a transfer in only.

      Examples:
        coins portfolio transfer in eth 0.05 --note "staking reward"
        coins portfolio transfer out btc 0.2 --date 2026-03-01
      """,
    arguments: [
      .init(name: "direction", help: "in or out.", completion: .choices(["in", "out"])),
      .init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin),
      .init(name: "amount", help: "How many coins moved."),
    ],
    options: [
      costOption, TransactionInput.totalOption, TransactionInput.dateOption,
      TransactionInput.noteOption, idOption, currencyOfFiguresOption, fileOption,
      MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "transfer"]
      guard let word = parsed.positionals.first else {
        throw UsageError("Missing expected argument '<direction>'", commandPath: path)
      }
      guard let direction = ["in": TransactionKind.transferIn, "out": .transferOut][word] else {
        throw UsageError(
          "The value '\(Sanitizer.printable(word))' is invalid for '<direction>': expected in or out.",
          commandPath: path)
      }
      var rest = parsed
      rest.positionals.removeFirst()
      let (coin, isID, amount) = try coinAndAmount(rest, path: path)
      let input = try TransactionInput(rest, path: path, priceOption: costOption)
      if direction == .transferOut && input.pricePerCoin(amount: amount) != nil {
        throw UsageError(
          "A transfer out leaves at its cost: '--cost' and '--total' apply to 'in' only.",
          commandPath: path)
      }
      return PortfolioTransferCommand(
        direction: direction, coin: coin, isID: isID, amount: amount, input: input,
        file: rest.value(fileOption), market: try MarketOptions(rest, path: path))
    })

  static let undoSpec = CommandSpec(
    path: ["portfolio", "undo"],
    abstract: "Remove one transaction by its id (see coins portfolio history).",
    discussion: """
      Refused, with nothing written, when a later sell or transfer out would then take more
      than was held.

      Example:
        coins portfolio undo 7
      """,
    arguments: [.init(name: "id", help: "The transaction's id.")],
    options: [fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "undo"]
      guard let id = parsed.positionals.first, !id.isEmpty else {
        throw UsageError("Missing expected argument '<id>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PortfolioUndoCommand(transactionID: id, file: parsed.value(fileOption))
    })

  static let historySpec = CommandSpec(
    path: ["portfolio", "history"],
    abstract: "List every transaction with its id, and each sale's realized profit or loss.",
    discussion: """
      A sale's profit or loss is first in, first out, in the sale's own currency (coins bought
      in another currency converted at their day's rate, the only network use).

      Examples:
        coins portfolio history
        coins portfolio history bitcoin --csv
      """,
    arguments: [
      .init(
        name: "coin", help: "Only this held coin: its symbol (sol) or CoinGecko id.",
        isOptional: true, completion: .heldCoin)
    ],
    options: [TopOptions.jsonOption, TopOptions.csvOption, fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "history"]
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PortfolioHistoryCommand(
        coin: parsed.positionals.first, format: try TopOptions.format(parsed, path: path),
        file: parsed.value(fileOption))
    })

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

extension PortfolioCommand {
  static let yearOption = CommandSpec.Option(
    name: "--year", valueName: "year", help: "Only sales in this year (UTC), e.g. 2026.")

  static let gainsSpec = CommandSpec(
    path: ["portfolio", "gains"],
    abstract: "Realized gains per sale and per year: date, coin, amount, proceeds, cost, gain.",
    discussion: """
      Proceeds are after the sale's fee; cost basis includes the buys' fees. Figures in other
      currencies are converted at their day's rate (today's beyond the past year, and said so).

      Examples:
        coins portfolio gains --year 2026
        coins portfolio gains --currency eur --csv > gains.csv
      """,
    options: [
      yearOption, methodOption, MarketOptions.currencyOption, TopOptions.jsonOption,
      TopOptions.csvOption, fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "gains"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var year: Int?
      if let text = parsed.value(yearOption) {
        guard let value = Int(text), (1970...9999).contains(value) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--year <year>': expected "
              + "a year such as 2026.", commandPath: path)
        }
        year = value
      }
      return PortfolioGainsCommand(
        year: year, format: try TopOptions.format(parsed, path: path),
        method: try method(parsed, path: path), file: parsed.value(fileOption),
        market: try MarketOptions(parsed, path: path))
    })
}

extension PortfolioCommand {
  static let exportSpec = CommandSpec(
    path: ["portfolio", "export"],
    abstract: "Print the portfolio: the JSON file as coins writes it, or its transactions as CSV.",
    discussion: """
      The CSV has the columns date,type,coin,amount,price,currency,fee,feeCurrency,note,id and
      is what coins portfolio import reads; text a spreadsheet would take for a formula gets a
      leading ' (import takes it off).

      Example:
        coins portfolio export --csv > transactions.csv
      """,
    options: [TopOptions.csvOption, fileOption],
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["portfolio", "export"])
      return PortfolioExportCommand(
        csv: parsed.flag(TopOptions.csvOption), file: parsed.value(fileOption))
    })
}
