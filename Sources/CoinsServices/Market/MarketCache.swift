import CoinsModel
import FoundationEssentials

/// The last good market answer per currency, kept on disk so that a quick second command needs
/// no network and an offline one still has something honest to show.
///
/// One file per currency under the cache folder, written atomically (temp file, rename), in a
/// compact binary form that loads in well under a millisecond: a magic number and format
/// version, a checksum, then each ``Coin``'s fields as raw little-endian values. A file of
/// another format or version, a damaged one or one for another currency is ignored, never
/// misread. (Version 1 was JSON in `markets-<currency>.json`, version 2 the binary form in
/// `markets-<currency>.v2.bin`; such files are simply never opened.)
public struct MarketCache: Sendable {
  /// The format version; files of any other version are ignored. Version 3 tells a sparkline
  /// CoinGecko did not send from an empty one (version 2 stored both as empty).
  package static let formatVersion = 3

  /// One cached answer.
  package struct Entry: Equatable, Sendable {
    var version: Int
    var currency: String
    var fetchedAt: Date
    package var coins: [Coin]

    /// Creates an entry.
    package init(version: Int, currency: String, fetchedAt: Date, coins: [Coin]) {
      self.version = version
      self.currency = currency
      self.fetchedAt = fetchedAt
      self.coins = coins
    }
  }

  /// The folder holding the cache files.
  public let directory: URL

  /// Creates a cache in `directory` (created on first write).
  public init(directory: URL) {
    self.directory = directory
  }

  /// `$XDG_CACHE_HOME/coins`, else `~/.cache/coins`.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("coins")
    }
    return URL(fileURLWithPath: DataFolder.home(environment: environment)).appendingPathComponent(
      ".cache/coins")
  }

  /// The file for one currency; the code is reduced to letters and digits.
  package func fileURL(currency: String) -> URL {
    let safe = String(currency.lowercased().unicodeScalars.filter { $0.isASCIIAlphanumeric })
    return directory.appendingPathComponent(
      "markets-\(safe.isEmpty ? "x" : safe).v\(Self.formatVersion).bin")
  }

  /// The cached snapshot for `currency`, or `nil` when there is none or it cannot be read.
  public func load(currency: String) -> MarketSnapshot? {
    StartupTrace.mark("cache-open")
    defer { StartupTrace.mark("decoded") }
    guard let data = try? Data(contentsOf: fileURL(currency: currency)),
      let entry = Self.decode(data),
      entry.version == Self.formatVersion, entry.currency == currency.lowercased()
    else { return nil }
    return MarketSnapshot(
      coins: entry.coins.map(\.sanitized), currency: entry.currency, asOf: entry.fetchedAt,
      source: .live)
  }

  /// Stores a snapshot, replacing the file atomically.
  public func store(_ snapshot: MarketSnapshot) throws {
    let entry = Entry(
      version: Self.formatVersion, currency: snapshot.currency.lowercased(),
      fetchedAt: snapshot.asOf, coins: snapshot.coins)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try AtomicFile.write(Self.encode(entry), to: fileURL(currency: snapshot.currency))
  }

  // MARK: The binary form

  /// `coinsMKT`: what any file of this cache starts with, before the version.
  private static let magic: UInt64 = 0x544B_4D73_6E69_6F63

  /// The bytes of an entry: magic, version, checksum of the rest, then the payload.
  package static func encode(_ entry: Entry) -> Data {
    var payload = CacheWriter()
    payload.string(entry.currency)
    payload.double(entry.fetchedAt.timeIntervalSinceReferenceDate)
    payload.uint32(UInt32(entry.coins.count))
    for coin in entry.coins { payload.coin(coin) }
    var file = CacheWriter()
    file.uint64(magic)
    file.uint32(UInt32(entry.version))
    file.uint64(payload.bytes.withUnsafeBytes { CacheReader.checksum($0[...]) })
    file.bytes.append(contentsOf: payload.bytes)
    return Data(file.bytes)
  }

  /// The entry in `data`, or `nil` for anything that is not a whole, intact file of this format.
  package static func decode(_ data: Data) -> Entry? {
    data.withUnsafeBytes { bytes -> Entry? in
      StartupTrace.mark("cache-read")
      var reader = CacheReader(bytes)
      guard reader.uint64() == magic, let version = reader.uint32(),
        version == UInt32(formatVersion), let checksum = reader.uint64(),
        CacheReader.checksum(reader.remaining) == checksum,
        let currency = reader.string(), let fetchedAt = reader.double(),
        let count = reader.uint32(), Int(count) <= reader.remaining.count
      else { return nil }
      var coins: [Coin] = []
      coins.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let coin = reader.coin() else { return nil }
        coins.append(coin)
      }
      guard reader.remaining.isEmpty else { return nil }
      return Entry(
        version: Int(version), currency: currency,
        fetchedAt: Date(timeIntervalSinceReferenceDate: fetchedAt), coins: coins)
    }
  }
}

/// The optional figures of a ``Coin`` in file order; a bit per field says which are present
/// (bit 0 the rank, bits 1–16 these figures, bit 17 the sparkline).
private func optionalFigures(of coin: Coin) -> [Double?] {
  [
    coin.price, coin.change1h, coin.change24h, coin.change7d, coin.marketCap, coin.volume,
    coin.high24h, coin.low24h, coin.circulatingSupply, coin.totalSupply, coin.maxSupply,
    coin.allTimeHigh, coin.allTimeLow, coin.allTimeHighDate?.timeIntervalSinceReferenceDate,
    coin.allTimeLowDate?.timeIntervalSinceReferenceDate,
    coin.lastUpdated?.timeIntervalSinceReferenceDate,
  ]
}

private let optionalFigureCount = 16

/// The presence bit of the sparkline, after the rank's and the figures'.
private let sparklineBit: UInt32 = 1 << (1 + optionalFigureCount)

/// Appends little-endian values.
private struct CacheWriter {
  var bytes: [UInt8] = []

  mutating func uint32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func uint64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func double(_ value: Double) { uint64(value.bitPattern) }

  mutating func string(_ value: String) {
    uint32(UInt32(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  mutating func coin(_ coin: Coin) {
    string(coin.id)
    string(coin.symbol)
    string(coin.name)
    let figures = optionalFigures(of: coin)
    var present: UInt32 = coin.rank == nil ? 0 : 1
    for (bit, figure) in figures.enumerated() where figure != nil { present |= 1 << (bit + 1) }
    if coin.sparkline != nil { present |= sparklineBit }
    uint32(present)
    if let rank = coin.rank { uint64(UInt64(bitPattern: Int64(rank))) }
    for figure in figures { if let figure { double(figure) } }
    // The sparkline, when sent: its length, a bit per point (present or not), then the points.
    guard let sparkline = coin.sparkline else { return }
    uint32(UInt32(sparkline.count))
    var mask = [UInt8](repeating: 0, count: (sparkline.count + 7) / 8)
    for (index, point) in sparkline.enumerated() where point != nil {
      mask[index / 8] |= 1 << (index % 8)
    }
    bytes.append(contentsOf: mask)
    for point in sparkline { if let point { double(point) } }
  }
}

/// Reads little-endian values, returning `nil` past the end.
private struct CacheReader {
  private(set) var remaining: UnsafeRawBufferPointer.SubSequence

  init(_ bytes: UnsafeRawBufferPointer) { remaining = bytes[...] }

  /// FNV-1a over 64-bit little-endian words (then the tail bytes): cheap, and catches
  /// truncation and damage.
  static func checksum(_ bytes: UnsafeRawBufferPointer.SubSequence) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    let base = UnsafeRawBufferPointer(rebasing: bytes)
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

  mutating func coin() -> Coin? {
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
    var coin = Coin(
      id: id, symbol: symbol, name: name, rank: rank, price: figures[0], change1h: figures[1],
      change24h: figures[2], change7d: figures[3], marketCap: figures[4], volume: figures[5],
      high24h: figures[6], low24h: figures[7], circulatingSupply: figures[8],
      totalSupply: figures[9], maxSupply: figures[10], allTimeHigh: figures[11],
      allTimeHighDate: date(13), allTimeLow: figures[12], allTimeLowDate: date(14),
      lastUpdated: date(15))
    guard present & sparklineBit != 0 else { return coin }
    guard let count = uint32().map(Int.init), count <= remaining.count * 8,
      let mask = take((count + 7) / 8)
    else { return nil }
    var points = [Double?](repeating: nil, count: count)
    for index in 0..<count where mask[mask.startIndex + index / 8] & (1 << (index % 8)) != 0 {
      guard let value = double() else { return nil }
      points[index] = value
    }
    coin.sparkline = points
    return coin
  }
}

extension Unicode.Scalar {
  var isASCIIAlphanumeric: Bool {
    (0x30...0x39).contains(value) || (0x61...0x7A).contains(value)
  }
}

extension Coin {
  /// The same coin with its strings passed through the ``Sanitizer`` (for data read back from
  /// files, which anyone may have edited).
  var sanitized: Coin {
    var copy = self
    copy.id = Sanitizer.clean(id)
    copy.symbol = Sanitizer.clean(symbol)
    copy.name = Sanitizer.clean(name)
    return copy
  }
}
