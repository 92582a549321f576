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
