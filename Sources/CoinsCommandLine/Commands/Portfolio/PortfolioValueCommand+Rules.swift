import CoinsModel

extension PortfolioCommand.Value {
  /// `value --rules uk|de`: the rules' currency unless `--currency` says otherwise, and their
  /// costing of what is held — under uk the section 104 pool's average cost over every wallet
  /// (`--method average`, one pool), under de first in, first out per wallet; an option the
  /// rules refuse is a usage error naming the rule.
  mutating func byCountry(_ parsed: ParsedArguments, path: [String]) throws(UsageError) {
    let scopeGiven = parsed.value(WalletOptions.scopeOption) != nil
    let methodGiven = parsed.value(PortfolioCommand.methodOption) != nil
    rules = try TaxOptions.rules(
      rules, method: methodGiven ? method : nil, scope: scopeGiven ? scope : nil, longTerm: nil,
      path: path)
    switch rules.matching {
    case .shareMatching:
      (method, scope) = (.average, .universal)
    case .firstInFirstOutOneYear(let own):
      (method, scope) = (.fifo, own)
    case .lots(let own, let ownScope, _):
      (method, scope) = (own, ownScope)
    }
    market.currency = TaxOptions.currency(parsed, market: market, rules: rules)
    rules.currency = market.currency
  }

  /// `json` with the rules named first (`"rules":"us",`).
  func namingRules(_ json: String) -> String {
    guard json.hasPrefix("{") else { return json }
    return "{\"rules\":\"\(rules.name)\"," + json.dropFirst()
  }
}
