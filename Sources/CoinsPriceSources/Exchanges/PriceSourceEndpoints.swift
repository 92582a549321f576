import CoinsModel

/// Where the exchange sources and the ECB are asked, from the environment: the real services
/// by default, a fake (or a proxy) when `COINS_COINBASE_BASE_URL`, `COINS_BINANCE_BASE_URL` or
/// `COINS_ECB_BASE_URL` names one.
package struct PriceSourceEndpoints: Equatable, Sendable {
  /// Coinbase Exchange's public REST API.
  package static let coinbaseDefault = "https://api.exchange.coinbase.com"
  /// Binance's market-data-only host.
  package static let binanceDefault = "https://data-api.binance.vision"
  /// The ECB's data portal API.
  package static let ecbDefault = "https://data-api.ecb.europa.eu/service"

  /// Coinbase's base URL, no trailing slash.
  package var coinbase: String
  /// Binance's base URL, no trailing slash.
  package var binance: String
  /// The ECB's base URL, no trailing slash.
  package var ecb: String

  /// Each base URL as given, trailing slashes dropped.
  package init(
    coinbase: String = coinbaseDefault, binance: String = binanceDefault, ecb: String = ecbDefault
  ) {
    self.coinbase = Self.trimmed(coinbase)
    self.binance = Self.trimmed(binance)
    self.ecb = Self.trimmed(ecb)
  }

  /// The base URLs `environment` names, the defaults for the rest (an empty value is unset).
  package static func fromEnvironment(_ environment: [String: String]) -> PriceSourceEndpoints {
    func value(_ name: String, _ fallback: String) -> String {
      guard let raw = environment[name]?.trimmingWhitespace(), !raw.isEmpty else { return fallback }
      return raw
    }
    return PriceSourceEndpoints(
      coinbase: value("COINS_COINBASE_BASE_URL", coinbaseDefault),
      binance: value("COINS_BINANCE_BASE_URL", binanceDefault),
      ecb: value("COINS_ECB_BASE_URL", ecbDefault))
  }

  private static func trimmed(_ url: String) -> String {
    var url = url
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}
