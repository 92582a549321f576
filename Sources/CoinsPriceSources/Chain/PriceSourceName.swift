import CoinsModel

/// The sources a daily price can come from, named as every output names them.
package enum PriceSourceName: String, CaseIterable, Sendable {
  /// Prices the user imported (`coins prices import`).
  case yours
  /// CoinGecko's daily snapshot.
  case coingecko
  /// Coinbase Exchange's daily candles.
  case coinbase
  /// Binance's daily klines against USDT.
  case binance
  /// The European Central Bank's euro reference rates (fiat only).
  case ecb

  /// The order the chain asks in unless `[prices] order` says otherwise.
  package static let defaultOrder: [PriceSourceName] = [.yours, .coingecko, .coinbase, .binance]

  /// How a sentence names it: `CoinGecko`, `Coinbase`, `Binance`, `the ECB`, `your prices`.
  package var displayName: String {
    switch self {
    case .yours: "your prices"
    case .coingecko: "CoinGecko"
    case .coinbase: "Coinbase"
    case .binance: "Binance"
    case .ecb: "the ECB"
    }
  }

  /// Reads `[prices] order` (names separated by commas, as a TOML array's strings): every name
  /// known, none twice. Sources left out are not asked.
  package static func order(_ names: [String]) throws(PriceOrderError) -> [PriceSourceName] {
    var order: [PriceSourceName] = []
    for raw in names {
      let name = raw.trimmingWhitespace().lowercased()
      guard let source = PriceSourceName(rawValue: name), source != .ecb else {
        throw PriceOrderError(message: Self.unknownMessage(raw.trimmingWhitespace()))
      }
      guard !order.contains(source) else {
        throw PriceOrderError(message: "[prices] order names '\(name)' twice.")
      }
      order.append(source)
    }
    guard !order.isEmpty else { throw PriceOrderError(message: "[prices] order names no source.") }
    return order
  }

  /// Reads `[prices] order` as `config.toml` writes it: one string, the names separated by
  /// commas (`"yours, coinbase, coingecko"`).
  package static func order(setting: String) throws(PriceOrderError) -> [PriceSourceName] {
    try order(setting.split(separator: ",").map(String.init))
  }

  private static func unknownMessage(_ raw: String) -> String {
    let known = defaultOrder.map(\.rawValue).joined(separator: ", ")
    return "[prices] order names an unknown source '\(raw)' (known: \(known))."
  }
}

/// Why `[prices] order` cannot be used: one line for the user.
package struct PriceOrderError: Error, Equatable, Sendable {
  /// Without the `Error: ` prefix.
  package var message: String

  /// An error saying `message`.
  package init(message: String) {
    self.message = message
  }
}
