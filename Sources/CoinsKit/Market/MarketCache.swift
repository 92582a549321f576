import Foundation

/// The last good market answer per currency, kept on disk so that a quick second command needs
/// no network and an offline one still has something honest to show.
///
/// One file per currency under the cache folder, written atomically (temp file, rename). A file
/// of another format version or a damaged one is ignored, never misread.
public struct MarketCache: Sendable {
  /// The format version; files of any other version are ignored.
  static let formatVersion = 1

  /// One cached answer.
  struct Entry: Codable, Equatable, Sendable {
    var version: Int
    var currency: String
    var fetchedAt: Date
    var coins: [Coin]
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
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/coins")
  }

  /// The file for one currency; the code is reduced to letters and digits.
  func fileURL(currency: String) -> URL {
    let safe = String(currency.lowercased().unicodeScalars.filter { $0.isASCIIAlphanumeric })
    return directory.appendingPathComponent("markets-\(safe.isEmpty ? "x" : safe).json")
  }

  /// The cached snapshot for `currency`, or `nil` when there is none or it cannot be read.
  public func load(currency: String) -> MarketSnapshot? {
    guard let data = try? Data(contentsOf: fileURL(currency: currency)),
      let entry = try? JSONDecoder().decode(Entry.self, from: data),
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
    let data = try JSONEncoder().encode(entry)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try AtomicFile.write(data, to: fileURL(currency: snapshot.currency))
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIIAlphanumeric: Bool {
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
