import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
      WalletOptions.leaveOption, fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "sell"]
      let (coin, isID, amount) = try coinAndAmount(parsed, path: path)
      return PortfolioSellCommand(
        coin: coin, isID: isID, amount: amount,
        input: try TransactionInput(parsed, path: path, priceOption: priceOption),
        wallet: try WalletOptions.name(parsed, WalletOptions.leaveOption, path: path),
        file: parsed.value(fileOption), market: try MarketOptions(parsed, path: path))
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
    options: [TopOptions.jsonOption, TopOptions.csvOption, WalletOptions.filterOption, fileOption],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "history"]
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      return PortfolioHistoryCommand(
        coin: parsed.positionals.first, format: try TopOptions.format(parsed, path: path),
        wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
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

  static let lotsOption = CommandSpec.Option(
    name: "--lots",
    help: "Show the lots each sale took (with --csv: one row per lot, as Form 8949 lists them).")
  static let longTermAfterOption = CommandSpec.Option(
    name: "--long-term-after", valueName: "days",
    help: "Count a lot as long term when held more than this many days (default: sold after the "
      + "anniversary of its acquisition).")

  static let gainsSpec = CommandSpec(
    path: ["portfolio", "gains"],
    abstract: "Realized gains per sale and per year, with the lots sold and their term.",
    discussion: """
      Proceeds are after the sale's fee; cost basis includes the buys' fees. Figures in other
      currencies are converted at their day's rate (today's beyond the past year, and said so).
      Money is rounded to the currency's minor unit, half to even; a year's totals are the
      sums of its rows. Not tax advice: no wash-sale or pooling rules are applied.

      Examples:
        coins portfolio gains --year 2026
        coins portfolio gains --method hifo --lots
        coins portfolio gains --year 2026 --csv --lots > form8949.csv
      """,
    options: [
      yearOption, methodOption, WalletOptions.scopeOption, WalletOptions.filterOption, lotsOption,
      longTermAfterOption, MarketOptions.currencyOption, TopOptions.jsonOption,
      TopOptions.csvOption, fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "gains"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      let method = try method(parsed, path: path)
      let lots = parsed.flag(lotsOption)
      var rule = LongTermRule.afterAnniversary
      if let text = parsed.value(longTermAfterOption) {
        guard let days = Int(text), (0...36_600).contains(days) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--long-term-after <days>': "
              + "expected a whole number of days such as 365.", commandPath: path)
        }
        rule = .afterDays(days)
      }
      if !method.hasLots && (lots || parsed.value(longTermAfterOption) != nil) {
        throw UsageError(
          "Average cost has no lots: '--lots' and '--long-term-after' need --method fifo, lifo or "
            + "hifo.", commandPath: path)
      }
      return PortfolioGainsCommand(
        year: try year(parsed, path: path), format: try TopOptions.format(parsed, path: path),
        method: method, lots: lots, rule: rule,
        wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
        scope: try WalletOptions.scope(parsed, path: path), file: parsed.value(fileOption),
        market: try MarketOptions(parsed, path: path))
    })

  /// `--year <year>`, when given.
  static func year(_ parsed: ParsedArguments, path: [String]) throws(UsageError) -> Int? {
    guard let text = parsed.value(yearOption) else { return nil }
    guard let value = Int(text), (1970...9999).contains(value) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '--year <year>': expected "
          + "a year such as 2026.", commandPath: path)
    }
    return value
  }
}

extension PortfolioCommand {
  static let exportSpec = CommandSpec(
    path: ["portfolio", "export"],
    abstract: "Print the portfolio: the JSON file as coins writes it, or its transactions as CSV.",
    discussion: """
      The CSV has the columns date,type,coin,amount,price,currency,fee,feeCurrency,note,id,
      wallet,movedFrom and is what coins portfolio import reads; text a spreadsheet would take for a formula gets a
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
