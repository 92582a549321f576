/// What an alert watches: one coin's price or the portfolio's total value.
public enum AlertTarget: Sendable, Equatable {
  /// A coin, by its CoinGecko id, with the symbol and name it had when the rule was added.
  case coin(id: String, symbol: String, name: String)
  /// The portfolio's total value.
  case portfolio

  /// The coin's id, `nil` for the portfolio.
  public var coinID: String? {
    if case .coin(let id, _, _) = self { return id }
    return nil
  }

  /// How messages name it: `BTC` or `Portfolio`.
  public var label: String {
    switch self {
    case .coin(_, let symbol, _): Sanitizer.printable(symbol.uppercased())
    case .portfolio: "Portfolio"
    }
  }
}
