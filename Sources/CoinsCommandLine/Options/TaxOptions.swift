import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options that pick a country's tax rules (`--rules`), the taxpayer's day boundary
/// (`--zone`) and what a US broker's form reported (`--box`), shared by `gains`, `income` and
/// `value`; `rules` and `zone` under `[tax]` in the config file give their defaults.
enum TaxOptions {
  static let rulesOption = CommandSpec.Option(
    name: "--rules", valueName: "rules",
    help: "The tax rules: us, uk (HMRC share matching, tax years from 6 April, in GBP) or de "
      + "(§ 23 EStG: FIFO per wallet, tax-free after a year, in EUR).",
    defaultValue: TaxRules.us.name, completion: .choices(TaxRules.all.map(\.name)))
  static let zoneOption = CommandSpec.Option(
    name: "--zone", valueName: "zone",
    help: "Where the taxpayer's days begin under uk and de: Europe/London, Europe/Berlin, UTC or "
      + "local (default: Europe/London for uk, Europe/Berlin for de).",
    completion: .choices(["Europe/London", "Europe/Berlin", "UTC", "local"]))
  static let boxOption = CommandSpec.Option(
    name: "--box", valueName: "reporting",
    help: "US: what your Form 1099-B/1099-DA said, which picks the Form 8949 box: reported, "
      + "not-reported (basis not reported) or no-form.",
    defaultValue: BasisReporting.notReported.rawValue,
    completion: .choices(BasisReporting.allCases.map(\.rawValue)))

  static let otherPrivateSalesOption = CommandSpec.Option(
    name: "--other-private-sales", valueName: "list",
    help: "de: each year's other private sales (§ 23 EStG) in EUR, which the Freigrenze counts "
      + "with the coins', e.g. 2024=-150.00,2025=80.")

  /// `--other-private-sales`' pairs: each year's amount.
  static func otherPrivateSales(_ text: String, path: [String]) throws(UsageError)
    -> [Int: Decimal]
  {
    var amounts: [Int: Decimal] = [:]
    for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        $0.trimmingWhitespace()
      }
      let negative = parts.count == 2 && parts[1].hasPrefix("-")
      guard parts.count == 2, let year = Int(parts[0]), (1970...9999).contains(year),
        amounts[year] == nil,
        let amount = DecimalInput.parse(negative ? String(parts[1].dropFirst()) : parts[1])
      else {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for "
            + "'\(otherPrivateSalesOption.quoted)': expected each year once with its amount in "
            + "EUR, such as 2024=-150.00,2025=80.", commandPath: path)
      }
      amounts[year] = negative ? -amount : amount
    }
    return amounts
  }

  /// The rules `--rules` names (us when not given), on the day boundary `--zone` names.
  static func rules(_ parsed: ParsedArguments, path: [String]) throws(UsageError) -> TaxRules {
    var rules = TaxRules.us
    if let text = parsed.value(rulesOption) {
      guard let named = TaxRules.named(text) else {
        let names = TaxRules.all.map { "'\($0.name)'" }.joined(separator: ", ")
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '\(rulesOption.quoted)'. "
            + "Please provide one of \(names).", commandPath: path)
      }
      rules = named
    }
    if let text = parsed.value(zoneOption) {
      guard let zone = TaxZone.named(text) else {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '\(zoneOption.quoted)'. "
            + "Please provide one of 'Europe/London', 'Europe/Berlin', 'UTC', 'local'.",
          commandPath: path)
      }
      guard rules.name != TaxRules.us.name || zone == .utc else {
        throw UsageError(
          "--zone cannot be used with --rules us: US lots count UTC days.", commandPath: path)
      }
      rules.zone = zone
    }
    return rules
  }

  /// `rules` with the matching options given, or the usage error naming the rule that refuses
  /// one.
  static func rules(
    _ rules: TaxRules, method: CostBasisMethod?, scope: CostBasisScope?, longTerm: LongTermRule?,
    path: [String]
  ) throws(UsageError) -> TaxRules {
    switch rules.with(method: method, scope: scope, longTerm: longTerm) {
    case .success(let rules): return rules
    case .failure(let refusal): throw UsageError(refusal.message, commandPath: path)
    }
  }

  /// A usage error for `option`, which `rules` have no use for.
  static func refused(
    _ option: String, under rules: TaxRules, because reason: String, path: [String]
  )
    -> UsageError
  {
    UsageError(
      "\(option) cannot be used with --rules \(rules.name): \(reason)", commandPath: path)
  }

  /// `--box`: what the broker's form reported (not reported when not given).
  static func basisReporting(_ parsed: ParsedArguments, path: [String]) throws(UsageError)
    -> BasisReporting
  {
    guard let text = parsed.value(boxOption) else { return .notReported }
    return try OptionValue.choice(text, for: boxOption.quoted, path: path)
  }

  /// The report's currency: `--currency` when given (or set in the config file), else the
  /// rules' own.
  static func currency(_ parsed: ParsedArguments, market: MarketOptions, rules: TaxRules)
    -> String
  {
    parsed.value(MarketOptions.currencyOption) == nil ? rules.currency : market.currency
  }
}
