#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// Creates the figures; unknown ones stay `nil`.
  package init(
    currency: String, totalMarketCap: Double? = nil, totalVolume: Double? = nil,
    marketCapChange24h: Double? = nil, bitcoinDominance: Double? = nil,
    etherDominance: Double? = nil, activeCoins: Int? = nil, markets: Int? = nil,
    updatedAt: Date? = nil, hasCurrency: Bool = true
  ) {
    self.currency = currency
    self.totalMarketCap = totalMarketCap
    self.totalVolume = totalVolume
    self.marketCapChange24h = marketCapChange24h
    self.bitcoinDominance = bitcoinDominance
    self.etherDominance = etherDominance
    self.activeCoins = activeCoins
    self.markets = markets
    self.updatedAt = updatedAt
    self.hasCurrency = hasCurrency
  }
}
