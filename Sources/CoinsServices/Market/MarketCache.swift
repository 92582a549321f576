import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    package var fetchedAt: Date
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
    URL(fileURLWithPath: defaultDirectoryPath(environment: environment))
  }

  /// ``defaultDirectory(environment:)`` as a path, without building a `URL` (start-up code
  /// that only needs to `stat` the folder).
  package static func defaultDirectoryPath(environment: [String: String]) -> String {
    let xdg = environment["XDG_CACHE_HOME"]
    let path =
      defaultDirectoryPath(xdgCacheHome: xdg, home: environment["HOME"])
      ?? defaultDirectoryPath(xdgCacheHome: nil, home: DataFolder.home(environment: environment))
    return path ?? "/.cache/coins"
  }

  /// ``defaultDirectory(environment:)``'s path from the two variables alone, or `nil` when
  /// `HOME` is needed and unset (the password database then says where home is).
  package static func defaultDirectoryPath(xdgCacheHome: String?, home: String?) -> String? {
    if let xdg = xdgCacheHome, xdg.hasPrefix("/") {
      return xdg.hasSuffix("/") ? xdg + "coins" : xdg + "/coins"
    }
    guard let home, !home.isEmpty else { return nil }
    return home.hasSuffix("/") ? home + ".cache/coins" : home + "/.cache/coins"
  }

  /// The file for one currency; the code is reduced to letters and digits.
  public func fileURL(currency: String) -> URL {
    let safe = String(currency.lowercased().unicodeScalars.filter { $0.isASCIIAlphanumeric })
    return directory.appendingPathComponent(
      "markets-\(safe.isEmpty ? "x" : safe).v\(Self.formatVersion).bin")
  }

  /// Which coins a load decodes the sparkline of (168 points each, most of the file): a
  /// command that shows the top 20 need not build 230 charts it never draws.
  public enum Sparklines: Sendable, Equatable {
    /// Every coin's.
    case all
    /// Only those of the `count` coins ``MarketSnapshot/top(_:)`` picks and of the coins in
    /// `ids`; the others come without a sparkline.
    case top(count: Int, ids: Set<String>)

    /// The indices of `coins` whose sparkline is wanted, `nil` for all of them.
    func wanted(in coins: [Coin]) -> Set<Int>? {
      guard case .top(let count, let ids) = self else { return nil }
      var wanted = Set(
        coins.indices.sorted { Coin.marketCapOrder(coins[$0], coins[$1]) }.prefix(count))
      for index in coins.indices where ids.contains(coins[index].id) { wanted.insert(index) }
      return wanted
    }
  }

  /// The cached snapshot for `currency`, or `nil` when there is none or it cannot be read.
  public func load(currency: String, sparklines: Sparklines = .all) -> MarketSnapshot? {
    StartupTrace.mark("cache-open")
    defer { StartupTrace.mark("decoded") }
    // Mapped rather than copied: the file is only ever replaced by a rename, never rewritten
    // in place, so the mapping stays whole.
    guard let data = try? Data(contentsOf: fileURL(currency: currency), options: .mappedIfSafe),
      let entry = Self.decode(data, sparklines: sparklines),
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
    try Folder.create(directory)
    try AtomicFile.write(
      Self.encodedBytes(entry), to: fileURL(currency: snapshot.currency), durable: false)
  }

  // MARK: The binary form

  /// `coinsMKT`: what any file of this cache starts with, before the version.
  static let magic: UInt64 = 0x544B_4D73_6E69_6F63

  /// The bytes of an entry: magic, version, checksum of the rest, then the payload.
  package static func encode(_ entry: Entry) -> Data { Data(encodedBytes(entry)) }

  /// ``encode(_:)``'s bytes, made in one buffer of the most they can take: the header's room
  /// is kept at the front and filled in once the payload's checksum is known.
  static func encodedBytes(_ entry: Entry) -> [UInt8] {
    let capacity = entry.coins.reduce(40 + CacheWriter.maximumSize(of: entry.currency)) {
      $0 + CacheWriter.maximumSize(of: $1)
    }
    return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      var file = CacheWriter(UnsafeMutableRawBufferPointer(buffer))
      file.uint64(magic)
      file.uint32(UInt32(entry.version))
      file.uint64(0)
      let payloadStart = file.count
      file.string(entry.currency)
      file.double(entry.fetchedAt.timeIntervalSinceReferenceDate)
      file.uint32(UInt32(entry.coins.count))
      for coin in entry.coins { file.coin(coin) }
      let bytes = UnsafeMutableRawBufferPointer(buffer)
      let checksum = CacheReader.checksum(UnsafeRawBufferPointer(bytes)[payloadStart..<file.count])
      bytes.storeBytes(of: checksum.littleEndian, toByteOffset: payloadStart - 8, as: UInt64.self)
      initialized = file.count
    }
  }

  /// The entry in `data`, or `nil` for anything that is not a whole, intact file of this format.
  package static func decode(_ data: Data, sparklines: Sparklines = .all) -> Entry? {
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
      var charts: [CacheReader.SparklineBytes?] = []
      coins.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let (coin, chart) = reader.coin() else { return nil }
        coins.append(coin)
        charts.append(chart)
      }
      guard reader.remaining.isEmpty else { return nil }
      let wanted = sparklines.wanted(in: coins)
      for index in coins.indices where wanted?.contains(index) ?? true {
        guard let chart = charts[index] else { continue }
        guard let points = chart.points() else { return nil }
        coins[index].sparkline = points
      }
      return Entry(
        version: Int(version), currency: currency,
        fetchedAt: Date(timeIntervalSinceReferenceDate: fetchedAt), coins: coins)
    }
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
