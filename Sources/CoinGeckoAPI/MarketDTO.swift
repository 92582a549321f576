import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One element of CoinGecko's `/coins/markets` answer, field for field.
///
/// Only `id`, `symbol` and `name` are required: the API documents every number as nullable and
/// real answers carry nulls. Mapped to ``Coin`` by ``MarketDTO/coin``.
package struct MarketDTO: Decodable, Equatable, Sendable {
  package struct Sparkline: Decodable, Equatable, Sendable {
    package var price: [Double?]?

    /// The prices given.
    package init(price: [Double?]?) {
      self.price = price
    }
  }

  package struct ROI: Decodable, Equatable, Sendable {
    package var times: Double?
    var currency: String?
    package var percentage: Double?
  }

  package var id: String
  var symbol: String
  var name: String
  var image: String?
  package var currentPrice: Double?
  package var marketCap: Double?
  package var marketCapRank: Int?
  package var fullyDilutedValuation: Double?
  package var totalVolume: Double?
  package var high24h: Double?
  package var low24h: Double?
  package var priceChange24h: Double?
  package var priceChangePercentage24h: Double?
  package var marketCapChange24h: Double?
  package var marketCapChangePercentage24h: Double?
  package var circulatingSupply: Double?
  package var totalSupply: Double?
  package var maxSupply: Double?
  package var ath: Double?
  package var athChangePercentage: Double?
  package var athDate: String?
  package var atl: Double?
  package var atlChangePercentage: Double?
  package var atlDate: String?
  package var roi: ROI?
  package var lastUpdated: String?
  package var sparklineIn7d: Sparkline?
  package var priceChangePercentage1hInCurrency: Double?
  package var priceChangePercentage24hInCurrency: Double?
  package var priceChangePercentage7dInCurrency: Double?

  /// A coin by its id, symbol and name, every figure unknown.
  package init(id: String, symbol: String, name: String) {
    (self.id, self.symbol, self.name) = (id, symbol, name)
  }

  enum CodingKeys: String, CodingKey {
    case id, symbol, name, image, ath, atl, roi
    case currentPrice = "current_price"
    case marketCap = "market_cap"
    case marketCapRank = "market_cap_rank"
    case fullyDilutedValuation = "fully_diluted_valuation"
    case totalVolume = "total_volume"
    case high24h = "high_24h"
    case low24h = "low_24h"
    case priceChange24h = "price_change_24h"
    case priceChangePercentage24h = "price_change_percentage_24h"
    case marketCapChange24h = "market_cap_change_24h"
    case marketCapChangePercentage24h = "market_cap_change_percentage_24h"
    case circulatingSupply = "circulating_supply"
    case totalSupply = "total_supply"
    case maxSupply = "max_supply"
    case athChangePercentage = "ath_change_percentage"
    case athDate = "ath_date"
    case atlChangePercentage = "atl_change_percentage"
    case atlDate = "atl_date"
    case lastUpdated = "last_updated"
    case sparklineIn7d = "sparkline_in_7d"
    case priceChangePercentage1hInCurrency = "price_change_percentage_1h_in_currency"
    case priceChangePercentage24hInCurrency = "price_change_percentage_24h_in_currency"
    case priceChangePercentage7dInCurrency = "price_change_percentage_7d_in_currency"
  }

  init(
    id: String, symbol: String, name: String, currentPrice: Double? = nil,
    marketCapRank: Int? = nil
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.currentPrice = currentPrice
    self.marketCapRank = marketCapRank
  }
}

extension MarketDTO {
  /// The domain value: strings sanitized, impossible numbers (non-finite, negative prices,
  /// caps or volumes, ranks below 1) turned into "unknown".
  package var coin: Coin {
    Coin(
      id: Sanitizer.clean(id),
      symbol: Sanitizer.clean(symbol),
      name: Sanitizer.clean(name),
      rank: marketCapRank.flatMap { $0 >= 1 ? $0 : nil },
      price: Self.nonNegative(currentPrice),
      change1h: Self.finite(priceChangePercentage1hInCurrency),
      change24h: Self.finite(priceChangePercentage24hInCurrency ?? priceChangePercentage24h),
      change7d: Self.finite(priceChangePercentage7dInCurrency),
      marketCap: Self.nonNegative(marketCap),
      volume: Self.nonNegative(totalVolume),
      high24h: Self.nonNegative(high24h),
      low24h: Self.nonNegative(low24h),
      circulatingSupply: Self.nonNegative(circulatingSupply),
      totalSupply: Self.nonNegative(totalSupply),
      maxSupply: Self.nonNegative(maxSupply),
      allTimeHigh: Self.nonNegative(ath),
      allTimeHighDate: athDate.flatMap(ISO8601Timestamp.parse),
      allTimeLow: Self.nonNegative(atl),
      allTimeLowDate: atlDate.flatMap(ISO8601Timestamp.parse),
      lastUpdated: lastUpdated.flatMap(ISO8601Timestamp.parse),
      sparkline: sparklineIn7d?.price.map(Self.nonNegativePoints)
    )
  }

  private static func finite(_ value: Double?) -> Double? {
    guard let value, value.isFinite else { return nil }
    return value
  }

  /// The points with impossible ones made unknown; the same array (not a copy) when every
  /// point is already possible, as nearly always.
  private static func nonNegativePoints(_ points: [Double?]) -> [Double?] {
    points.allSatisfy { $0 == nonNegative($0) } ? points : points.map(nonNegative)
  }

  private static func nonNegative(_ value: Double?) -> Double? {
    guard let value, value.isFinite, value >= 0 else { return nil }
    return value
  }
}
