#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A purpose-built reader for the `/coins/markets` answer: the same ``MarketDTO`` values that
/// `JSONDecoder` produces, about ten times faster, straight from the bytes.
///
/// It handles the whole of JSON that `JSONDecoder` accepts for this shape, except for rare
/// corners it declines (`nil`): a byte-order mark, a duplicated known key, a rank written as
/// `1.0`, a number that overflows or underflows, nesting deeper than
/// ``JSONByteReader/maximumSkipDepth``. The caller then asks `JSONDecoder`, so a declined body
/// ends in exactly `JSONDecoder`'s result or error.
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
    body.withUnsafeBytes { bytes in
      do throws(FastPathDeclined) {
        var reader = try JSONByteReader(bytes)
        let elements = try readMarkets(&reader, transform)
        reader.skipWhitespace()
        guard reader.isAtEnd else { return nil }
        return elements
      } catch {
        return nil
      }
    }
  }

  @inline(__always)
  private static func readMarkets<Element>(
    _ reader: inout JSONByteReader, _ transform: (MarketDTO) -> Element
  ) throws(FastPathDeclined) -> [Element] {
    try reader.expect(0x5B)
    var elements: [Element] = []
    if reader.consume(0x5D) { return elements }
    elements.reserveCapacity(256)
    repeat {
      elements.append(transform(try readMarket(&reader)))
    } while try reader.continues(before: 0x5D)
    return elements
  }

  static func readMarket(_ reader: inout JSONByteReader) throws(FastPathDeclined)
    -> MarketDTO
  {
    try reader.expect(0x7B)
    var dto = MarketDTO(id: "", symbol: "", name: "")
    var seen: UInt64 = 0
    if reader.consume(0x7D) { throw FastPathDeclined() }
    var hint: MarketField? = .id
    repeat {
      guard let field = try reader.readKey(hint: hint, as: MarketField.self) else {
        try reader.skipValue(depth: 2)
        continue
      }
      let bit: UInt64 = 1 << UInt64(field.rawValue)
      // JSONDecoder keeps the first of duplicated keys; rare enough to leave to it.
      guard seen & bit == 0 else { throw FastPathDeclined() }
      seen |= bit
      hint = field.next
      try read(field, into: &dto, from: &reader)
    } while try reader.continues(before: 0x7D)
    let required: UInt64 =
      1 << UInt64(MarketField.id.rawValue) | 1 << UInt64(MarketField.symbol.rawValue)
      | 1 << UInt64(MarketField.name.rawValue)
    guard seen & required == required else { throw FastPathDeclined() }
    return dto
  }

  // swift-format-ignore
  private static func read(
    _ field: MarketField, into dto: inout MarketDTO, from reader: inout JSONByteReader
  ) throws(FastPathDeclined) {
    switch field {
    case .id: dto.id = try reader.readString()
    case .symbol: dto.symbol = try reader.readString()
    case .name: dto.name = try reader.readString()
    case .image: dto.image = try optionalString(&reader)
    case .currentPrice: dto.currentPrice = try reader.readOptionalDouble()
    case .marketCap: dto.marketCap = try reader.readOptionalDouble()
    case .marketCapRank: dto.marketCapRank = reader.consumeNull() ? nil : try reader.readNumber().intValue()
    case .fullyDilutedValuation: dto.fullyDilutedValuation = try reader.readOptionalDouble()
    case .totalVolume: dto.totalVolume = try reader.readOptionalDouble()
    case .high24h: dto.high24h = try reader.readOptionalDouble()
    case .low24h: dto.low24h = try reader.readOptionalDouble()
    case .priceChange24h: dto.priceChange24h = try reader.readOptionalDouble()
    case .priceChangePercentage24h: dto.priceChangePercentage24h = try reader.readOptionalDouble()
    case .marketCapChange24h: dto.marketCapChange24h = try reader.readOptionalDouble()
    case .marketCapChangePercentage24h: dto.marketCapChangePercentage24h = try reader.readOptionalDouble()
    case .circulatingSupply: dto.circulatingSupply = try reader.readOptionalDouble()
    case .totalSupply: dto.totalSupply = try reader.readOptionalDouble()
    case .maxSupply: dto.maxSupply = try reader.readOptionalDouble()
    case .ath: dto.ath = try reader.readOptionalDouble()
    case .athChangePercentage: dto.athChangePercentage = try reader.readOptionalDouble()
    case .athDate: dto.athDate = try optionalString(&reader)
    case .atl: dto.atl = try reader.readOptionalDouble()
    case .atlChangePercentage: dto.atlChangePercentage = try reader.readOptionalDouble()
    case .atlDate: dto.atlDate = try optionalString(&reader)
    case .roi: dto.roi = try readROI(&reader)
    case .lastUpdated: dto.lastUpdated = try optionalString(&reader)
    case .sparklineIn7d: dto.sparklineIn7d = try readSparkline(&reader)
    case .priceChangePercentage1hInCurrency: dto.priceChangePercentage1hInCurrency = try reader.readOptionalDouble()
    case .priceChangePercentage24hInCurrency: dto.priceChangePercentage24hInCurrency = try reader.readOptionalDouble()
    case .priceChangePercentage7dInCurrency: dto.priceChangePercentage7dInCurrency = try reader.readOptionalDouble()
    }
  }

  private static func optionalString(_ reader: inout JSONByteReader) throws(FastPathDeclined)
    -> String?
  {
    reader.consumeNull() ? nil : try reader.readString()
  }

  private static func readROI(_ reader: inout JSONByteReader) throws(FastPathDeclined)
    -> MarketDTO.ROI?
  {
    if reader.consumeNull() { return nil }
    try reader.expect(0x7B)
    var roi = MarketDTO.ROI()
    if reader.consume(0x7D) { return roi }
    var seen = 0
    repeat {
      guard let field = try reader.readKey(hint: nil, as: ROIField.self) else {
        try reader.skipValue(depth: 3)
        continue
      }
      guard seen & (1 << field.rawValue) == 0 else { throw FastPathDeclined() }
      seen |= 1 << field.rawValue
      switch field {
      case .times: roi.times = try reader.readOptionalDouble()
      case .currency: roi.currency = try optionalString(&reader)
      case .percentage: roi.percentage = try reader.readOptionalDouble()
      }
    } while try reader.continues(before: 0x7D)
    return roi
  }

  private static func readSparkline(_ reader: inout JSONByteReader) throws(FastPathDeclined)
    -> MarketDTO.Sparkline?
  {
    if reader.consumeNull() { return nil }
    try reader.expect(0x7B)
    var sparkline = MarketDTO.Sparkline(price: nil)
    if reader.consume(0x7D) { return sparkline }
    var seenPrice = false
    repeat {
      guard try reader.readKey(hint: .price, as: SparklineField.self) != nil else {
        try reader.skipValue(depth: 3)
        continue
      }
      guard !seenPrice else { throw FastPathDeclined() }
      seenPrice = true
      sparkline.price = try readPrices(&reader)
    } while try reader.continues(before: 0x7D)
    return sparkline
  }

  private static func readPrices(_ reader: inout JSONByteReader) throws(FastPathDeclined)
    -> [Double?]?
  {
    if reader.consumeNull() { return nil }
    try reader.expect(0x5B)
    var prices: [Double?] = []
    if reader.consume(0x5D) { return prices }
    prices.reserveCapacity(168)
    repeat {
      prices.append(try reader.readOptionalDouble())
    } while try reader.continues(before: 0x5D)
    return prices
  }
}
