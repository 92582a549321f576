import Foundation

/// The whole market at a glance (CoinGecko `/global`), in one currency.
public struct GlobalStats: Sendable, Equatable {
  /// The currency of the totals.
  public var currency: String
  /// Total market capitalisation.
  public var totalMarketCap: Double?
  /// Total trading volume over 24 hours.
  public var totalVolume: Double?
  /// Change of the total market cap over 24 hours, in percent (CoinGecko gives it in USD terms).
  public var marketCapChange24h: Double?
  /// Bitcoin's share of the total market cap, in percent.
  public var bitcoinDominance: Double?
  /// Ether's share of the total market cap, in percent.
  public var etherDominance: Double?
  /// How many coins CoinGecko tracks as active.
  public var activeCoins: Int?
  /// How many markets (exchange pairs) it tracks.
  public var markets: Int?
  /// When CoinGecko computed these figures.
  public var updatedAt: Date?
  /// Whether CoinGecko gives totals in ``currency`` at all: `false` when its market-cap totals
  /// lack the code (a currency it does not know), as opposed to a total it left `null`.
  public var hasCurrency = true
}

extension GlobalDTO {
  /// The figures in `currency`; totals CoinGecko does not give in it stay unknown.
  func stats(currency: String) -> GlobalStats {
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
