import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A purpose-built reader for the `/coins/markets` answer: the same ``MarketDTO`` values that
/// `JSONDecoder` produces, about ten times faster, straight from the bytes through the one JSON
/// reader, `JSONCursor` (each member's name matched as bytes, each number converted from its
/// digits).
///
/// It handles the whole of JSON that `JSONDecoder` accepts for this shape, except for rare
/// corners it declines (`nil`): a byte-order mark, a duplicated known key, a rank written as
/// `1.0`, a number that overflows or underflows, nesting deeper than `JSONCursor` follows.
/// The caller then asks `JSONDecoder`, so a declined body ends in exactly `JSONDecoder`'s
/// result or error.
package enum MarketsFastDecoder {
  /// The DTOs, or `nil` when the fast path declines.
  package static func decode(_ body: Data) -> [MarketDTO]? {
    decode(body) { $0 }
  }

  /// What `transform` makes of each DTO, or `nil` when the fast path declines. (Reading the
  /// answer in two halves on two threads saved 0.8 ms of a cold `coins top`, under the
  /// millisecond that pays for its machinery: issue 41 dropped it.)
  @inline(__always)
  package static func decode<Element>(
    _ body: Data, _ transform: (MarketDTO) -> Element
  ) -> [Element]? {
    var cursor = JSONCursor(body.withUnsafeBytes { [UInt8]($0) })
    do {
      let elements = try readMarkets(&cursor, transform)
      try cursor.finish()
      return elements
    } catch {
      return nil
    }
  }

  @inline(__always)
  private static func readMarkets<Element>(
    _ cursor: inout JSONCursor, _ transform: (MarketDTO) -> Element
  ) throws -> [Element] {
    guard try cursor.enterArray() else { throw FastPathDeclined() }
    var elements: [Element] = []
    elements.reserveCapacity(256)
    while try cursor.nextElement() {
      elements.append(transform(try readMarket(&cursor)))
    }
    return elements
  }

  static func readMarket(_ cursor: inout JSONCursor) throws -> MarketDTO {
    guard try cursor.enterObject() else { throw FastPathDeclined() }
    var dto = MarketDTO(id: "", symbol: "", name: "")
    var seen: UInt64 = 0
    var hint = MarketField.id.rawValue
    while let match = try cursor.nextMember(among: MarketField.names, hint: hint) {
      guard case .name(let index) = match, let field = MarketField(rawValue: index) else {
        try cursor.skipValue()
        continue
      }
      let bit: UInt64 = 1 << UInt64(index)
      // JSONDecoder keeps the first of duplicated keys; rare enough to leave to it.
      guard seen & bit == 0 else { throw FastPathDeclined() }
      seen |= bit
      hint = index + 1
      try read(field, into: &dto, from: &cursor)
    }
    let required: UInt64 =
      1 << UInt64(MarketField.id.rawValue) | 1 << UInt64(MarketField.symbol.rawValue)
      | 1 << UInt64(MarketField.name.rawValue)
    guard seen & required == required else { throw FastPathDeclined() }
    return dto
  }

  // swift-format-ignore
  private static func read(
    _ field: MarketField, into dto: inout MarketDTO, from cursor: inout JSONCursor
  ) throws {
    switch field {
    case .id: dto.id = try cursor.string()
    case .symbol: dto.symbol = try cursor.string()
    case .name: dto.name = try cursor.string()
    case .image: dto.image = try optionalString(&cursor)
    case .currentPrice: dto.currentPrice = try optionalDouble(&cursor)
    case .marketCap: dto.marketCap = try optionalDouble(&cursor)
    case .marketCapRank: dto.marketCapRank = cursor.consumeNull() ? nil : try cursor.integer()
    case .fullyDilutedValuation: dto.fullyDilutedValuation = try optionalDouble(&cursor)
    case .totalVolume: dto.totalVolume = try optionalDouble(&cursor)
    case .high24h: dto.high24h = try optionalDouble(&cursor)
    case .low24h: dto.low24h = try optionalDouble(&cursor)
    case .priceChange24h: dto.priceChange24h = try optionalDouble(&cursor)
    case .priceChangePercentage24h: dto.priceChangePercentage24h = try optionalDouble(&cursor)
    case .marketCapChange24h: dto.marketCapChange24h = try optionalDouble(&cursor)
    case .marketCapChangePercentage24h: dto.marketCapChangePercentage24h = try optionalDouble(&cursor)
    case .circulatingSupply: dto.circulatingSupply = try optionalDouble(&cursor)
    case .totalSupply: dto.totalSupply = try optionalDouble(&cursor)
    case .maxSupply: dto.maxSupply = try optionalDouble(&cursor)
    case .ath: dto.ath = try optionalDouble(&cursor)
    case .athChangePercentage: dto.athChangePercentage = try optionalDouble(&cursor)
    case .athDate: dto.athDate = try optionalString(&cursor)
    case .atl: dto.atl = try optionalDouble(&cursor)
    case .atlChangePercentage: dto.atlChangePercentage = try optionalDouble(&cursor)
    case .atlDate: dto.atlDate = try optionalString(&cursor)
    case .roi: dto.roi = try readROI(&cursor)
    case .lastUpdated: dto.lastUpdated = try optionalString(&cursor)
    case .sparklineIn7d: dto.sparklineIn7d = try readSparkline(&cursor)
    case .priceChangePercentage1hInCurrency: dto.priceChangePercentage1hInCurrency = try optionalDouble(&cursor)
    case .priceChangePercentage24hInCurrency: dto.priceChangePercentage24hInCurrency = try optionalDouble(&cursor)
    case .priceChangePercentage7dInCurrency: dto.priceChangePercentage7dInCurrency = try optionalDouble(&cursor)
    }
  }

  private static func optionalString(_ cursor: inout JSONCursor) throws -> String? {
    cursor.consumeNull() ? nil : try cursor.string()
  }

  @inline(__always)
  private static func optionalDouble(_ cursor: inout JSONCursor) throws -> Double? {
    cursor.consumeNull() ? nil : try cursor.double()
  }

  private static func readROI(_ cursor: inout JSONCursor) throws -> MarketDTO.ROI? {
    if cursor.consumeNull() { return nil }
    guard try cursor.enterObject() else { throw FastPathDeclined() }
    var roi = MarketDTO.ROI()
    var seen = 0
    while let match = try cursor.nextMember(among: ROIField.names, hint: 0) {
      guard case .name(let index) = match, let field = ROIField(rawValue: index) else {
        try cursor.skipValue()
        continue
      }
      guard seen & (1 << index) == 0 else { throw FastPathDeclined() }
      seen |= 1 << index
      switch field {
      case .times: roi.times = try optionalDouble(&cursor)
      case .currency: roi.currency = try optionalString(&cursor)
      case .percentage: roi.percentage = try optionalDouble(&cursor)
      }
    }
    return roi
  }

  private static func readSparkline(_ cursor: inout JSONCursor) throws -> MarketDTO.Sparkline? {
    if cursor.consumeNull() { return nil }
    guard try cursor.enterObject() else { throw FastPathDeclined() }
    var sparkline = MarketDTO.Sparkline(price: nil)
    var seenPrice = false
    while let match = try cursor.nextMember(among: SparklineField.names, hint: 0) {
      guard match == .name(0) else {
        try cursor.skipValue()
        continue
      }
      guard !seenPrice else { throw FastPathDeclined() }
      seenPrice = true
      sparkline.price = try readPrices(&cursor)
    }
    return sparkline
  }

  private static func readPrices(_ cursor: inout JSONCursor) throws -> [Double?]? {
    cursor.consumeNull() ? nil : try cursor.optionalDoubles(reservingCapacity: 168)
  }
}
