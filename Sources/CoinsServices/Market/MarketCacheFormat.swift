import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The optional figure `index` (`0..<optionalFigureCount`) of a ``Coin``, in file order; a bit
/// per field says which are present (bit 0 the rank, bits 1–16 these figures, bit 17 the
/// sparkline). A function of the index rather than an array of the figures, so that writing a
/// coin allocates nothing (`InlineArray` would need macOS 26).
func optionalFigure(_ index: Int, of coin: Coin) -> Double? {
  switch index {
  case 0: coin.price
  case 1: coin.change1h
  case 2: coin.change24h
  case 3: coin.change7d
  case 4: coin.marketCap
  case 5: coin.volume
  case 6: coin.high24h
  case 7: coin.low24h
  case 8: coin.circulatingSupply
  case 9: coin.totalSupply
  case 10: coin.maxSupply
  case 11: coin.allTimeHigh
  case 12: coin.allTimeLow
  case 13: coin.allTimeHighDate?.timeIntervalSinceReferenceDate
  case 14: coin.allTimeLowDate?.timeIntervalSinceReferenceDate
  default: coin.lastUpdated?.timeIntervalSinceReferenceDate
  }
}

let optionalFigureCount = 16

/// The presence bit of the sparkline, after the rank's and the figures'.
let sparklineBit: UInt32 = 1 << (1 + optionalFigureCount)

/// Writes little-endian values into a buffer made large enough beforehand (the sum of
/// ``maximumSize(of:)`` and of the header's fields).
struct CacheWriter {
  private let buffer: UnsafeMutableRawBufferPointer
  /// How many bytes are written.
  private(set) var count = 0

  init(_ buffer: UnsafeMutableRawBufferPointer) {
    self.buffer = buffer
  }

  /// The most bytes ``coin(_:)`` writes for `coin`.
  static func maximumSize(of coin: Coin) -> Int {
    let strings = 12 + coin.id.utf8.count + coin.symbol.utf8.count + coin.name.utf8.count
    let points = coin.sparkline?.count ?? 0
    return strings + 4 + 8 + optionalFigureCount * 8 + 4 + (points + 7) / 8 + points * 8
  }

  /// The most bytes ``string(_:)`` writes for `value`.
  static func maximumSize(of value: String) -> Int { 4 + value.utf8.count }

  mutating func uint32(_ value: UInt32) { store(value.littleEndian) }

  mutating func uint64(_ value: UInt64) { store(value.littleEndian) }

  mutating func double(_ value: Double) { uint64(value.bitPattern) }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { text in
      uint32(UInt32(text.count))
      precondition(count + text.count <= buffer.count, "cache buffer too small")
      UnsafeMutableRawBufferPointer(rebasing: buffer[count..<(count + text.count)])
        .copyMemory(from: UnsafeRawBufferPointer(text))
      count += text.count
    }
  }

  mutating func coin(_ coin: Coin) {
    string(coin.id)
    string(coin.symbol)
    string(coin.name)
    var present: UInt32 = coin.rank == nil ? 0 : 1
    for bit in 0..<optionalFigureCount where optionalFigure(bit, of: coin) != nil {
      present |= 1 << (bit + 1)
    }
    if coin.sparkline != nil { present |= sparklineBit }
    uint32(present)
    if let rank = coin.rank { uint64(UInt64(bitPattern: Int64(rank))) }
    for bit in 0..<optionalFigureCount {
      if let figure = optionalFigure(bit, of: coin) { double(figure) }
    }
    if let sparkline = coin.sparkline { self.sparkline(sparkline) }
  }

  /// Its length, a bit per point (present or not), then the present points.
  private mutating func sparkline(_ sparkline: [Double?]) {
    uint32(UInt32(sparkline.count))
    let maskStart = count
    let maskCount = (sparkline.count + 7) / 8
    precondition(count + maskCount + sparkline.count * 8 <= buffer.count, "cache buffer too small")
    UnsafeMutableRawBufferPointer(rebasing: buffer[maskStart..<(maskStart + maskCount)])
      .initializeMemory(as: UInt8.self, repeating: 0)
    count += maskCount
    for (index, point) in sparkline.enumerated() {
      guard let point else { continue }
      buffer[maskStart + index / 8] |= 1 << (index % 8)
      double(point)
    }
  }

  private mutating func store<Value: FixedWidthInteger>(_ value: Value) {
    precondition(count + MemoryLayout<Value>.size <= buffer.count, "cache buffer too small")
    buffer.storeBytes(of: value, toByteOffset: count, as: Value.self)
    count += MemoryLayout<Value>.size
  }
}

/// Reads little-endian values, returning `nil` past the end.
struct CacheReader {
  private(set) var remaining: UnsafeRawBufferPointer.SubSequence

  init(_ bytes: UnsafeRawBufferPointer) { remaining = bytes[...] }

  /// FNV-1a over the payload's 64-bit little-endian words, then its tail bytes: cheap, and
  /// catches truncation and damage.
  static func checksum(_ bytes: UnsafeRawBufferPointer.SubSequence) -> UInt64 {
    let base = UnsafeRawBufferPointer(rebasing: bytes)
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    let wholeWords = base.count / 8
    for index in 0..<wholeWords {
      let word = UInt64(
        littleEndian: base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
      hash = (hash ^ word) &* 0x0000_0100_0000_01B3
    }
    var word: UInt64 = 0
    let tail = base.count - wholeWords * 8
    for index in 0..<tail { word |= UInt64(base[wholeWords * 8 + index]) << (UInt64(index) * 8) }
    return (hash ^ word ^ UInt64(tail)) &* 0x0000_0100_0000_01B3
  }

  private mutating func take(_ count: Int) -> UnsafeRawBufferPointer.SubSequence? {
    guard count >= 0, count <= remaining.count else { return nil }
    let slice = remaining.prefix(count)
    remaining = remaining.dropFirst(count)
    return slice
  }

  mutating func uint32() -> UInt32? {
    take(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
  }

  mutating func uint64() -> UInt64? {
    take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
  }

  mutating func double() -> Double? { uint64().map(Double.init(bitPattern:)) }

  mutating func string() -> String? {
    guard let length = uint32(), let bytes = take(Int(length)) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// A stored sparkline, not yet decoded: its length, presence mask and points.
  struct SparklineBytes {
    var count: Int
    var mask: UnsafeRawBufferPointer.SubSequence
    var values: UnsafeRawBufferPointer.SubSequence

    /// The points, `nil` past the end of the values.
    func points() -> [Double?]? {
      var reader = CacheReader(UnsafeRawBufferPointer(rebasing: values))
      var points = [Double?](repeating: nil, count: count)
      for index in 0..<count where mask[mask.startIndex + index / 8] & (1 << (index % 8)) != 0 {
        guard let value = reader.double() else { return nil }
        points[index] = value
      }
      return points
    }
  }

  /// The next coin, its sparkline's bytes apart (decoded only when wanted).
  mutating func coin() -> (Coin, SparklineBytes?)? {
    guard let id = string(), let symbol = string(), let name = string(),
      let present = uint32(), present >> (2 + optionalFigureCount) == 0
    else { return nil }
    var rank: Int?
    if present & 1 != 0 {
      guard let value = uint64() else { return nil }
      rank = Int(Int64(bitPattern: value))
    }
    var figures = [Double?](repeating: nil, count: optionalFigureCount)
    for bit in 0..<optionalFigureCount where present & (1 << (bit + 1)) != 0 {
      guard let value = double() else { return nil }
      figures[bit] = value
    }
    let date = { (index: Int) in figures[index].map(Date.init(timeIntervalSinceReferenceDate:)) }
    let coin = Coin(
      id: id, symbol: symbol, name: name, rank: rank, price: figures[0], change1h: figures[1],
      change24h: figures[2], change7d: figures[3], marketCap: figures[4], volume: figures[5],
      high24h: figures[6], low24h: figures[7], circulatingSupply: figures[8],
      totalSupply: figures[9], maxSupply: figures[10], allTimeHigh: figures[11],
      allTimeHighDate: date(13), allTimeLow: figures[12], allTimeLowDate: date(14),
      lastUpdated: date(15))
    guard present & sparklineBit != 0 else { return (coin, nil) }
    guard let count = uint32().map(Int.init), count <= remaining.count * 8,
      let mask = take((count + 7) / 8),
      let values = take(mask.reduce(0) { $0 + $1.nonzeroBitCount } * 8)
    else { return nil }
    return (coin, SparklineBytes(count: count, mask: mask, values: values))
  }
}
