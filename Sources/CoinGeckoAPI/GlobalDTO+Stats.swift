import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GlobalDTO {
  /// The figures in `currency`; totals CoinGecko does not give in it stay unknown.
  package func stats(currency: String) -> GlobalStats {
    func finite(_ value: Double??) -> Double? {
      guard let value = value ?? nil, value.isFinite, value >= 0 else { return nil }
      return value
    }
    let change = data.marketCapChangePercentage24hUsd.flatMap { $0.isFinite ? $0 : nil }
    return GlobalStats(
      currency: currency,
      totalMarketCap: finite(data.totalMarketCap?[currency]),
      totalVolume: finite(data.totalVolume?[currency]),
      marketCapChange24h: change,
      bitcoinDominance: finite(data.marketCapPercentage?["btc"]),
      etherDominance: finite(data.marketCapPercentage?["eth"]),
      activeCoins: data.activeCryptocurrencies.flatMap { $0 >= 0 ? $0 : nil },
      markets: data.markets.flatMap { $0 >= 0 ? $0 : nil },
      updatedAt: data.updatedAt.flatMap {
        $0.isFinite && $0 > 0 && $0 < 253_402_300_800 ? Date(timeIntervalSince1970: $0) : nil
      },
      // An answer without any totals says nothing about the currency: only a list of totals
      // that leaves it out does.
      hasCurrency: data.totalMarketCap.map { $0.isEmpty || $0.keys.contains(currency) } ?? true)
  }
}
