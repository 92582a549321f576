import CoinsModel
import FoundationEssentials

extension CoinGeckoClient {
  /// The raw answer of `/coins/bitcoin/market_chart?vs_currency=<currency>&days=365`, checked
  /// to decode (``BitcoinDailyPrices``).
  package func bitcoinDailyPrices(currency: String) async throws(CoinGeckoError) -> Data {
    let body = try await get(
      .marketChart(id: "bitcoin", currency: SafeName.of(currency), days: "365"))
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
