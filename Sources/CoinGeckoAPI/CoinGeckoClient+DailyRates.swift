import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinGeckoClient {
  /// The raw answer of `/coins/bitcoin/market_chart?vs_currency=<currency>&days=365`, checked
  /// to decode (``BitcoinDailyPrices``).
  package func bitcoinDailyPrices(currency: String) async throws(CoinGeckoError) -> Data {
    try await dailyPrices(of: "bitcoin", currency: currency)
  }

  /// The raw answer of `/coins/{id}/market_chart?vs_currency=<currency>&days=365`: a coin's
  /// daily price over the past year (the fair values of an import), checked to decode.
  package func dailyPrices(of id: String, currency: String) async throws(CoinGeckoError) -> Data {
    let body = try await get(
      .marketChart(id: SafeName.of(id), currency: SafeName.of(currency), days: "365"))
    _ = try BitcoinDailyPrices.decode(body, secrets: secrets)
    return body
  }

  /// The raw answer of `/exchange_rates`, checked to decode (``BitcoinDailyPrices/today(_:)``).
  package func exchangeRates() async throws(CoinGeckoError) -> Data {
    let body = try await get(.exchangeRates)
    _ = try BitcoinDailyPrices.today(body, secrets: secrets)
    return body
  }
}
