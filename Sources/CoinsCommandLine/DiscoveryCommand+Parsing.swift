import CoinsModel

extension DiscoveryCommand {
  /// Reads `coins search`'s words.
  static func search(_ parsed: ParsedArguments) throws(UsageError) -> SearchCommand {
    let path = searchSpec.path
    let market = try MarketOptions(parsed, path: path)
    guard let query = parsed.positionals.first, !Sanitizer.clean(query).isEmpty else {
      throw UsageError("Missing expected argument '<query>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    return SearchCommand(query: query, json: parsed.flag(jsonOption), market: market)
  }

  /// Reads `coins info`'s words.
  static func info(_ parsed: ParsedArguments) throws(UsageError) -> InfoCommand {
    let path = infoSpec.path
    let market = try MarketOptions(parsed, path: path)
    let json = parsed.flag(jsonOption)
    let ascii = parsed.flag(asciiOption)
    let range = try parsed.value(ChartOptions.rangeOption).map { text throws(UsageError) in
      let range: HistoryRange = try OptionValue.choice(
        text, for: ChartOptions.rangeOption.quoted, path: path)
      return range
    }
    if let id = parsed.value(PortfolioCommand.idOption) {
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      return InfoCommand(
        coin: id.lowercased(), isID: true, json: json, ascii: ascii, range: range, market: market)
    }
    guard let coin = parsed.positionals.first, !coin.isEmpty else {
      throw UsageError("Missing expected argument '<coin>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    return InfoCommand(
      coin: coin, isID: false, json: json, ascii: ascii, range: range, market: market)
  }

  /// Reads `coins global`'s words.
  static func global(_ parsed: ParsedArguments) throws(UsageError) -> GlobalCommand {
    let path = globalSpec.path
    let market = try MarketOptions(parsed, path: path)
    try ParsedArguments.noExtra(parsed.positionals[...], path: path)
    return GlobalCommand(json: parsed.flag(jsonOption), market: market)
  }
}
