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
  struct Sparkline: Decodable, Equatable, Sendable {
    var price: [Double?]?
  }

  struct ROI: Decodable, Equatable, Sendable {
    var times: Double?
    var currency: String?
    var percentage: Double?
  }

  var id: String
  var symbol: String
  var name: String
  var image: String?
  var currentPrice: Double?
  var marketCap: Double?
  var marketCapRank: Int?
  var fullyDilutedValuation: Double?
  var totalVolume: Double?
  var high24h: Double?
  var low24h: Double?
  var priceChange24h: Double?
  var priceChangePercentage24h: Double?
  var marketCapChange24h: Double?
  var marketCapChangePercentage24h: Double?
  var circulatingSupply: Double?
  var totalSupply: Double?
  var maxSupply: Double?
  var ath: Double?
  var athChangePercentage: Double?
  var athDate: String?
  var atl: Double?
  var atlChangePercentage: Double?
  var atlDate: String?
  var roi: ROI?
  var lastUpdated: String?
  var sparklineIn7d: Sparkline?
  var priceChangePercentage1hInCurrency: Double?
  var priceChangePercentage24hInCurrency: Double?
  var priceChangePercentage7dInCurrency: Double?

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
  var coin: Coin {
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
