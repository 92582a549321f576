/// The keys of a `/coins/markets` coin object that ``MarketDTO`` reads, in the order CoinGecko
/// sends them (so that "the next field" is usually the right guess).
enum MarketField: Int, CaseIterable, JSONFieldName {
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

  /// The field CoinGecko usually sends after this one.
  var next: MarketField? { MarketField(rawValue: rawValue + 1) }

  private static let keyBytes: [[UInt8]] = allCases.map { Array($0.key.utf8) }

  func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.keyBytes[rawValue].withUnsafeBufferPointer { name in
      name.count == key.count && name.elementsEqual(key)
    }
  }

  static func lookup(_ key: some Collection<UInt8>) -> MarketField? {
    let count = key.count
    for field in allCases where keyBytes[field.rawValue].count == count {
      if keyBytes[field.rawValue].elementsEqual(key) { return field }
    }
    return nil
  }
}

/// The keys of `roi`.
enum ROIField: Int, CaseIterable, JSONFieldName {
  case times, currency, percentage

  private static let keyBytes: [[UInt8]] = [
    Array("times".utf8), Array("currency".utf8), Array("percentage".utf8),
  ]

  func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.keyBytes[rawValue].elementsEqual(key)
  }

  static func lookup(_ key: some Collection<UInt8>) -> ROIField? {
    allCases.first { keyBytes[$0.rawValue].elementsEqual(key) }
  }
}

/// The one key of `sparkline_in_7d`.
enum SparklineField: Int, JSONFieldName {
  case price

  private static let keyBytes = Array("price".utf8)

  func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.keyBytes.elementsEqual(key)
  }

  static func lookup(_ key: some Collection<UInt8>) -> SparklineField? {
    keyBytes.elementsEqual(key) ? .price : nil
  }
}
