import CoinsSupport

/// The keys of a `/coins/markets` coin object that ``MarketDTO`` reads, in the order CoinGecko
/// sends them (so that "the next field" is usually the right guess).
enum MarketField: Int, CaseIterable {
  case id, symbol, name, image, currentPrice, marketCap, marketCapRank, fullyDilutedValuation
  case totalVolume, high24h, low24h, priceChange24h, priceChangePercentage24h
  case marketCapChange24h, marketCapChangePercentage24h, circulatingSupply, totalSupply
  case maxSupply, ath, athChangePercentage, athDate, atl, atlChangePercentage, atlDate, roi
  case lastUpdated, sparklineIn7d, priceChangePercentage1hInCurrency
  case priceChangePercentage24hInCurrency, priceChangePercentage7dInCurrency

  /// The JSON key, taken from ``MarketDTO/CodingKeys`` so the two can never disagree.
  var key: String {
    switch self {
    case .id: MarketDTO.CodingKeys.id.stringValue
    case .symbol: MarketDTO.CodingKeys.symbol.stringValue
    case .name: MarketDTO.CodingKeys.name.stringValue
    case .image: MarketDTO.CodingKeys.image.stringValue
    case .currentPrice: MarketDTO.CodingKeys.currentPrice.stringValue
    case .marketCap: MarketDTO.CodingKeys.marketCap.stringValue
    case .marketCapRank: MarketDTO.CodingKeys.marketCapRank.stringValue
    case .fullyDilutedValuation: MarketDTO.CodingKeys.fullyDilutedValuation.stringValue
    case .totalVolume: MarketDTO.CodingKeys.totalVolume.stringValue
    case .high24h: MarketDTO.CodingKeys.high24h.stringValue
    case .low24h: MarketDTO.CodingKeys.low24h.stringValue
    case .priceChange24h: MarketDTO.CodingKeys.priceChange24h.stringValue
    case .priceChangePercentage24h: MarketDTO.CodingKeys.priceChangePercentage24h.stringValue
    case .marketCapChange24h: MarketDTO.CodingKeys.marketCapChange24h.stringValue
    case .marketCapChangePercentage24h:
      MarketDTO.CodingKeys.marketCapChangePercentage24h.stringValue
    case .circulatingSupply: MarketDTO.CodingKeys.circulatingSupply.stringValue
    case .totalSupply: MarketDTO.CodingKeys.totalSupply.stringValue
    case .maxSupply: MarketDTO.CodingKeys.maxSupply.stringValue
    case .ath: MarketDTO.CodingKeys.ath.stringValue
    case .athChangePercentage: MarketDTO.CodingKeys.athChangePercentage.stringValue
    case .athDate: MarketDTO.CodingKeys.athDate.stringValue
    case .atl: MarketDTO.CodingKeys.atl.stringValue
    case .atlChangePercentage: MarketDTO.CodingKeys.atlChangePercentage.stringValue
    case .atlDate: MarketDTO.CodingKeys.atlDate.stringValue
    case .roi: MarketDTO.CodingKeys.roi.stringValue
    case .lastUpdated: MarketDTO.CodingKeys.lastUpdated.stringValue
    case .sparklineIn7d: MarketDTO.CodingKeys.sparklineIn7d.stringValue
    case .priceChangePercentage1hInCurrency:
      MarketDTO.CodingKeys.priceChangePercentage1hInCurrency.stringValue
    case .priceChangePercentage24hInCurrency:
      MarketDTO.CodingKeys.priceChangePercentage24hInCurrency.stringValue
    case .priceChangePercentage7dInCurrency:
      MarketDTO.CodingKeys.priceChangePercentage7dInCurrency.stringValue
    }
  }

  /// Every field's key, in the order of the cases (a name's index is its field's raw value).
  static let names = JSONNames(allCases.map(\.key))
}

/// The keys of `roi`.
enum ROIField: Int, CaseIterable {
  case times, currency, percentage

  /// Their names, in the order of the cases.
  static let names = JSONNames(["times", "currency", "percentage"])
}

/// The one key of `sparkline_in_7d`.
enum SparklineField {
  /// `price`, the only name.
  static let names = JSONNames(["price"])
}
