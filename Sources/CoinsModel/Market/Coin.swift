#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One row of the market: a coin with its price, changes and 7-day history.
///
/// Optionals mean "the API did not say"; they stay `nil` all the way to the output, where they
/// become "—" in tables and `null` in JSON — never 0.
public struct Coin: Ranked, Sendable, Equatable {
  /// The CoinGecko id, e.g. `bitcoin`: the coin's identity.
  public var id: String
  /// The ticker symbol, lower-case as CoinGecko sends it, e.g. `btc`. Not unique.
  public var symbol: String
  /// The display name, e.g. `Bitcoin`.
  public var name: String
  /// The market-cap rank (`market_cap_rank`), 1 being the largest.
  public var rank: Int?
  /// The current price in the snapshot's currency.
  public var price: Double?
  /// Price change over the last hour, in percent.
  public var change1h: Double?
  /// Price change over the last 24 hours, in percent.
  public var change24h: Double?
  /// Price change over the last 7 days, in percent.
  public var change7d: Double?
  /// Market capitalisation in the snapshot's currency.
  public var marketCap: Double?
  /// Trading volume over 24 hours in the snapshot's currency.
  public var volume: Double?
  /// The highest price of the last 24 hours.
  public var high24h: Double?
  /// The lowest price of the last 24 hours.
  public var low24h: Double?
  /// Coins in circulation.
  public var circulatingSupply: Double?
  /// Coins in existence.
  public var totalSupply: Double?
  /// The most coins there will ever be.
  public var maxSupply: Double?
  /// All-time high price.
  public var allTimeHigh: Double?
  /// When the all-time high was reached.
  public var allTimeHighDate: Date?
  /// All-time low price.
  public var allTimeLow: Double?
  /// When the all-time low was reached.
  public var allTimeLowDate: Date?
  /// When CoinGecko last updated this coin.
  public var lastUpdated: Date?
  /// Hourly prices over the last 7 days, oldest first; a `nil` point is a missing one. The
  /// whole series is `nil` when CoinGecko sent none (missing or `null`), and empty when it sent
  /// an empty one.
  public var sparkline: [Double?]?

  /// Creates a coin; every market figure defaults to "unknown".
  public init(
    id: String, symbol: String, name: String, rank: Int? = nil, price: Double? = nil,
    change1h: Double? = nil, change24h: Double? = nil, change7d: Double? = nil,
    marketCap: Double? = nil, volume: Double? = nil, high24h: Double? = nil,
    low24h: Double? = nil, circulatingSupply: Double? = nil, totalSupply: Double? = nil,
    maxSupply: Double? = nil, allTimeHigh: Double? = nil, allTimeHighDate: Date? = nil,
    allTimeLow: Double? = nil, allTimeLowDate: Date? = nil, lastUpdated: Date? = nil,
    sparkline: [Double?]? = nil
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.rank = rank
    self.price = price
    self.change1h = change1h
    self.change24h = change24h
    self.change7d = change7d
    self.marketCap = marketCap
    self.volume = volume
    self.high24h = high24h
    self.low24h = low24h
    self.circulatingSupply = circulatingSupply
    self.totalSupply = totalSupply
    self.maxSupply = maxSupply
    self.allTimeHigh = allTimeHigh
    self.allTimeHighDate = allTimeHighDate
    self.allTimeLow = allTimeLow
    self.allTimeLowDate = allTimeLowDate
    self.lastUpdated = lastUpdated
    self.sparkline = sparkline
  }

  /// The sparkline's points, none when CoinGecko sent no sparkline.
  package var sparklinePoints: [Double?] { sparkline ?? [] }
}
