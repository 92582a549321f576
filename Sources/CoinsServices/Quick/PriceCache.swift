import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The last `/simple/price` figures per coin, one file per currency
/// (`prices-<currency>.json`), each coin with the moment it was fetched: answers for different
/// coins (a status bar asking for btc, a prompt for eth) merge instead of pushing each other out.
package struct PriceCache: Sendable {
  /// One coin's figures and when they were fetched.
  struct Entry: Codable, Equatable {
    var price: Double?
    var change24h: Double?
    var updatedAt: Double?
    var fetchedAt: Double
  }

  struct File: Codable {
    var version: Int
    var currency: String
    var prices: [String: Entry]
  }

  static let formatVersion = 1
  /// At most this many coins are kept per currency, the most recently fetched first.
  static let maxCoins = 500

  /// The cache folder.
  let directory: URL

  /// The file for one currency; the code is reduced to letters and digits.
  func fileURL(currency: String) -> URL {
    let safe = String(currency.lowercased().unicodeScalars.filter { $0.isASCIIAlphanumeric })
    return directory.appendingPathComponent("prices-\(safe.isEmpty ? "x" : safe).json")
  }

  /// The stored figures in `currency` by id, with when each was fetched; empty when there are
  /// none or the file cannot be read.
  func load(currency: String) -> [String: (price: CoinPrice, fetchedAt: Date)] {
    guard let data = try? Data(contentsOf: fileURL(currency: currency)),
      let file = try? JSONDecoder().decode(File.self, from: data),
      file.version == Self.formatVersion, file.currency == currency.lowercased()
    else { return [:] }
    var result: [String: (price: CoinPrice, fetchedAt: Date)] = [:]
    for (id, entry) in file.prices where entry.fetchedAt.isFinite {
      let clean = Sanitizer.clean(id)
      result[clean] = (
        CoinPrice(
          id: clean, price: entry.price.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
          change24h: entry.change24h.flatMap { $0.isFinite ? $0 : nil },
          updatedAt: entry.updatedAt.flatMap {
            $0.isFinite && $0 > 0 ? Date(timeIntervalSince1970: $0) : nil
          }),
        Date(timeIntervalSince1970: entry.fetchedAt)
      )
    }
    return result
  }

  /// Adds (or replaces) these coins' figures, fetched at `date`, keeping the others.
  func store(_ prices: [CoinPrice], currency: String, at date: Date) throws {
    var entries = load(currency: currency).mapValues { stored in
      Entry(stored.price, fetchedAt: stored.fetchedAt)
    }
    for price in prices { entries[price.id] = Entry(price, fetchedAt: date) }
    if entries.count > Self.maxCoins {
      let keep = entries.sorted { $0.value.fetchedAt > $1.value.fetchedAt }.prefix(Self.maxCoins)
      entries = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
    let file = File(version: Self.formatVersion, currency: currency.lowercased(), prices: entries)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try Folder.create(directory)
    try AtomicFile.write(encoder.encode(file), to: fileURL(currency: currency), durable: false)
  }
}

extension PriceCache.Entry {
  init(_ price: CoinPrice, fetchedAt: Date) {
    self.init(
      price: price.price, change24h: price.change24h,
      updatedAt: price.updatedAt?.timeIntervalSince1970,
      fetchedAt: fetchedAt.timeIntervalSince1970)
  }
}
