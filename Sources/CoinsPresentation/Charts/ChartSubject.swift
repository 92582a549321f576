import CoinsModel

/// What a chart is of: a coin (`Bitcoin (BTC)`, with its id for JSON) or the portfolio.
package struct ChartSubject: Sendable, Equatable {
  /// The CoinGecko id; `nil` for the portfolio.
  package var id: String?
  /// The symbol, e.g. `btc`.
  package var symbol: String
  /// The name, e.g. `Bitcoin`, or `Portfolio`.
  package var name: String

  /// A coin.
  package init(id: String, symbol: String, name: String) {
    self.id = id
    self.symbol = symbol
    self.name = name
  }

  /// The portfolio's value.
  package static let portfolio = ChartSubject(id: nil, symbol: "", name: "Portfolio value")

  private init(id: String?, symbol: String, name: String) {
    self.id = id
    self.symbol = symbol
    self.name = name
  }

  /// `Bitcoin (BTC)` — sanitized, since names come from the network.
  var title: String {
    symbol.isEmpty
      ? Sanitizer.clean(name) : "\(Sanitizer.clean(name)) (\(Sanitizer.clean(symbol).uppercased()))"
  }
}
