import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport
import CoinsTerminal

/// One setting `config.toml` may hold: its name, its built-in default, how its value is checked
/// (by the same rules as the option it stands for) and where it applies.
struct ConfigKey: Sendable {
  /// `currency`, or `top.count` for a key under `[top]`.
  var path: String
  /// The built-in default, as `coins config show` prints it.
  var defaultText: String
  /// The option it gives a default to, in every command that has it (under its table's
  /// command only, for a key in a table); `nil` for the API keys.
  var option: String?
  /// Checks a value and returns the option's text for it, or throws why it is wrong.
  var check: @Sendable (TOMLDocument.Value) throws(ConfigProblem) -> String

  /// The table (`top`), `nil` at the top.
  var table: String? { path.contains(".") ? String(path.prefix { $0 != "." }) : nil }

  /// Whether the key gives its option a default in every command that has it, not only in its
  /// table's command: `[tax]`'s apply to `portfolio gains`, `income` and `value`.
  var appliesToEveryCommand: Bool { table == "tax" }

  /// The key every setting of `config.toml` is one of.
  static let all: [ConfigKey] = general + prices

  /// The keys of the options and the API keys.
  private static let general: [ConfigKey] = [
    ConfigKey(path: "currency", defaultText: MarketOptions.defaultCurrency, option: "--currency") {
      value throws(ConfigProblem) in
      let text = try string(value)
      return try OptionValue.checked { () throws(UsageError) in
        try OptionValue.currency(text, path: [])
      }
    },
    ConfigKey(path: "color", defaultText: MarketOptions.defaultColor.rawValue, option: "--color") {
      value throws(ConfigProblem) in
      let text = try string(value)
      return try OptionValue.checked { () throws(UsageError) in
        let choice: ColorChoice = try OptionValue.choice(text, for: "color", path: [])
        return choice.rawValue
      }
    },
    ConfigKey(path: "ascii", defaultText: "false", option: "--ascii") {
      value throws(ConfigProblem) in
      guard case .boolean(let flag) = value else {
        throw .wrongType(expected: "true or false", value)
      }
      return flag ? "true" : "false"
    },
    ConfigKey(path: "utc", defaultText: "false", option: "--utc") {
      value throws(ConfigProblem) in
      guard case .boolean(let flag) = value else {
        throw .wrongType(expected: "true or false", value)
      }
      return flag ? "true" : "false"
    },
    seconds(
      "max_age", default: OptionValue.text(seconds: MarketRequest.defaultMaxAge),
      option: "--max-age", minimum: 0, exclusive: false, maximum: 1e7),
    seconds(
      "timeout", default: OptionValue.text(seconds: MarketOptions.defaultTimeout),
      option: "--timeout", minimum: 0, exclusive: true, maximum: 600),
    count("top.count", option: "<n>"),
    ConfigKey(path: "top.sort", defaultText: "rank", option: "--sort") {
      value throws(ConfigProblem) in
      let text = try string(value)
      return try OptionValue.checked { () throws(UsageError) in
        let key: SortKey = try OptionValue.choice(text, for: "top.sort", path: [])
        return key.rawValue
      }
    },
    seconds(
      "watch.interval", default: OptionValue.text(seconds: WatchOptions.defaultInterval),
      option: "--interval", minimum: 1, exclusive: false,
      maximum: 1e7),
    count("watch.top", option: "--top"),
    ConfigKey(path: "portfolio.scope", defaultText: "universal", option: "--scope") {
      value throws(ConfigProblem) in
      let text = try string(value)
      return try OptionValue.checked { () throws(UsageError) in
        let scope: CostBasisScope = try OptionValue.choice(text, for: "portfolio.scope", path: [])
        return scope.rawValue
      }
    },
    ConfigKey(path: "tax.rules", defaultText: TaxRules.us.name, option: "--rules") {
      value throws(ConfigProblem) in
      let text = try string(value)
      guard let rules = TaxRules.named(text) else {
        let names = TaxRules.all.map { "'\($0.name)'" }.joined(separator: ", ")
        throw .invalid(
          "The value '\(Sanitizer.printable(text))' is invalid for 'tax.rules'. Please provide "
            + "one of \(names).")
      }
      return rules.name
    },
    ConfigKey(path: "tax.zone", defaultText: "", option: "--zone") {
      value throws(ConfigProblem) in
      let text = try string(value)
      guard let zone = TaxZone.named(text) else {
        throw .invalid(
          "The value '\(Sanitizer.printable(text))' is invalid for 'tax.zone'. Please provide "
            + "one of 'Europe/London', 'Europe/Berlin', 'UTC', 'local'.")
      }
      return zone.name
    },
    ConfigKey(path: otherPrivateSalesTable, defaultText: "", option: "--other-private-sales") {
      value throws(ConfigProblem) in
      throw .wrongType(expected: "a table of years", value)
    },
    ConfigKey(path: "alert.exec", defaultText: "", option: "--exec") {
      value throws(ConfigProblem) in
      try string(value)
    },
    ConfigKey(path: "demo_api_key", defaultText: "", option: nil) { value throws(ConfigProblem) in
      try string(value)
    },
    ConfigKey(path: "pro_api_key", defaultText: "", option: nil) { value throws(ConfigProblem) in
      try string(value)
    },
  ]

  /// `[tax.de_other_private_sales]`: a EUR amount per year (`2024 = "-150.00"`), read as one
  /// setting by ``otherPrivateSales(_:)``.
  static let otherPrivateSalesTable = "tax.de_other_private_sales"

  /// The entries of `[tax.de_other_private_sales]` as `--other-private-sales`' text
  /// (`2024=-150.00,2025=80`), each year and amount checked by the option's rules.
  static func otherPrivateSales(_ entries: [TOMLDocument.Entry]) throws(ConfigProblem) -> String {
    var pairs: [String] = []
    for entry in entries {
      let amount: String
      switch entry.value {
      case .string(let text): amount = text
      case .integer(let number): amount = String(number)
      case .float(let number): amount = JSONText.exact(number) ?? "\(number)"
      default: throw .wrongType(expected: "an amount in EUR such as \"-150.00\"", entry.value)
      }
      pairs.append("\(entry.key)=\(amount)")
    }
    let text = pairs.joined(separator: ",")
    _ = try OptionValue.checked { () throws(UsageError) in
      _ = try TaxOptions.otherPrivateSales(text, path: [])
      return text
    }
    return text
  }

  /// The environment variable an API key is read from first.
  static let keyVariables = [
    "demo_api_key": "COINGECKO_DEMO_API_KEY", "pro_api_key": "COINGECKO_PRO_API_KEY",
  ]

  private static func string(_ value: TOMLDocument.Value) throws(ConfigProblem) -> String {
    guard case .string(let text) = value else { throw .wrongType(expected: "a string", value) }
    return text
  }

  private static func seconds(
    _ path: String, default text: String, option: String, minimum: Double, exclusive: Bool,
    maximum: Double
  ) -> ConfigKey {
    ConfigKey(path: path, defaultText: text, option: option) { value throws(ConfigProblem) in
      guard let number = value.number else { throw .wrongType(expected: "a number", value) }
      let shown = JSONText.exact(number) ?? "\(number)"
      return try OptionValue.checked { () throws(UsageError) in
        let checked = try OptionValue.seconds(
          shown, for: path, minimum: minimum, exclusive: exclusive, maximum: maximum, path: [])
        return JSONText.exact(checked) ?? shown
      }
    }
  }

  private static func count(_ path: String, option: String) -> ConfigKey {
    ConfigKey(path: path, defaultText: "20", option: option) { value throws(ConfigProblem) in
      guard case .integer(let number) = value else {
        throw .wrongType(expected: "a whole number", value)
      }
      return try OptionValue.checked { () throws(UsageError) in
        String(try OptionValue.integer(String(number), for: path, in: 1...1000, path: []))
      }
    }
  }
}

/// Why a config value cannot be used.
enum ConfigProblem: Error, Equatable {
  /// A value of the wrong type.
  case wrongType(expected: String, TOMLDocument.Value)
  /// A value the option's own rules refuse, with their message.
  case invalid(String)

  /// The line for the user, naming the key.
  func message(key: String) -> String {
    switch self {
    case .wrongType(let expected, let value): "'\(key)' takes \(expected), not \(value.kind)."
    case .invalid(let message): message
    }
  }
}

extension OptionValue {
  /// The option rules' verdict on a config value: its text, or their message as a problem.
  static func checked(_ body: () throws(UsageError) -> String) throws(ConfigProblem) -> String {
    do {
      return try body()
    } catch {
      throw .invalid(error.message)
    }
  }
}
