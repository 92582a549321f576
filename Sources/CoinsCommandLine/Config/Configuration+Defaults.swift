extension Configuration {
  /// `parsed` with the file's settings added as defaults: an option the command has and the
  /// command line left out gets the file's value, so it is checked and used like a typed one
  /// (flag > environment > config > built-in default). A key in a table (`[top]`) applies to
  /// that command only.
  func applied(to parsed: ParsedArguments, spec: CommandSpec) -> ParsedArguments {
    var parsed = parsed
    for key in ConfigKey.all {
      guard let setting = settings[key.path], let name = key.option else { continue }
      if let table = key.table, !key.appliesToEveryCommand, spec.path.first != table { continue }
      if name.hasPrefix("<") {
        // A positional default (`[top] count`): only when no argument was given.
        if parsed.positionals.isEmpty, spec.arguments.first.map({ "<\($0.name)>" }) == name {
          parsed.positionals = [setting.text]
        }
        continue
      }
      guard let option = spec.option(named: name), !option.isHidden else { continue }
      // `watch --portfolio` takes no `--top`: a default for it does not apply there.
      if name == WatchOptions.topOption.name, parsed.flag(WatchOptions.portfolioOption) { continue }
      if option.valueName == nil {
        if setting.text == "true" { parsed.flags.insert(name) }
      } else if parsed.values[name] == nil {
        parsed.values[name] = [setting.text]
      }
    }
    return parsed
  }

  /// The `currency` setting, unless `arguments` (the words after `coins`) name a currency of
  /// their own (`--currency`, `-c`, `--currency=…`) before any `--`.
  func currency(unlessIn arguments: [String]) -> Located? {
    guard let setting = settings["currency"] else { return nil }
    let options = arguments.prefix { $0 != "--" }
    let named = options.contains {
      $0 == MarketOptions.currencyOption.name || $0 == MarketOptions.currencyOption.shortName
        || $0.hasPrefix(MarketOptions.currencyOption.name + "=")
    }
    return named ? nil : Located(text: setting.text, path: path, line: setting.line)
  }

  /// The environment with the file's API keys where the environment has none.
  package func environment(adding environment: [String: String]) -> [String: String] {
    var result = environment
    for (key, variable) in ConfigKey.keyVariables {
      if let setting = settings[key], (result[variable] ?? "").isEmpty {
        result[variable] = setting.text
      }
    }
    return result
  }
}
