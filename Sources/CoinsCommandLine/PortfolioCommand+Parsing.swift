import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioCommand.Add {
  /// Reads `coins portfolio add`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.addSpec.path
    let (coin, isID, rest) = try PortfolioCommand.coinArgument(parsed, path: path)
    guard let amountText = rest.first else {
      throw UsageError("Missing expected argument '<amount>'", commandPath: path)
    }
    try ParsedArguments.noExtra(rest.dropFirst(), path: path)
    // A lot bought for nothing would show a profit of 100% forever: refused like 0 coins.
    let input = try TransactionInput(parsed, path: path, priceOption: PortfolioCommand.costOption)
    self.init(
      coin: coin, isID: isID, amount: try PortfolioCommand.amount(amountText, path: path),
      cost: input.price, file: parsed.value(PortfolioCommand.fileOption),
      market: try MarketOptions(parsed, path: path), total: input.total, fee: input.fee,
      date: input.date, note: input.note,
      wallet: try WalletOptions.name(parsed, WalletOptions.recordOption, path: path)
        ?? Transaction.defaultWallet)
  }
}

extension PortfolioCommand.Remove {
  /// Reads `coins portfolio remove`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.removeSpec.path
    let (coin, isID, rest) = try PortfolioCommand.coinArgument(parsed, path: path)
    try ParsedArguments.noExtra(rest.dropFirst(), path: path)
    self.init(
      coin: coin, isID: isID,
      amount: try rest.first.map { text throws(UsageError) in
        try PortfolioCommand.amount(text, path: path)
      }, file: parsed.value(PortfolioCommand.fileOption),
      market: try MarketOptions(parsed, path: path))
  }
}

extension PortfolioCommand.List {
  /// Reads `coins portfolio list`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.listSpec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    self.init(
      file: parsed.value(PortfolioCommand.fileOption),
      json: parsed.flag(PortfolioCommand.jsonOption),
      wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
      byWallet: parsed.flag(WalletOptions.byWalletOption))
  }
}

extension PortfolioCommand.Value {
  /// Reads `coins portfolio value`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.valueSpec.path
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    self.init(
      file: parsed.value(PortfolioCommand.fileOption),
      format: try TopOptions.format(parsed, path: path),
      ascii: parsed.flag(PortfolioCommand.asciiOption),
      market: try MarketOptions(parsed, path: path),
      method: try PortfolioCommand.method(parsed, path: path),
      since: try PortfolioCommand.since(parsed, path: path),
      sort: try parsed.value(PortfolioSortKey.option).map { text throws(UsageError) in
        try OptionValue.choice(text, for: PortfolioSortKey.option.quoted, path: path)
      },
      reverse: parsed.flag(SortKey.reverseOption),
      wallet: try WalletOptions.name(parsed, WalletOptions.filterOption, path: path),
      scope: try WalletOptions.scope(parsed, path: path),
      byWallet: parsed.flag(WalletOptions.byWalletOption))
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
