import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Coins looked up through CoinGecko's `/search` because the market did not have them,
/// remembered in `known-coins.json` so the next command (and shell completion) names them
/// without asking again.
package struct KnownCoins: Sendable {
  struct Stored: Codable {
    var id: String
    var symbol: String
    var name: String
    var rank: Int?
  }

  struct File: Codable {
    var version: Int
    var coins: [Stored]
  }

  static let formatVersion = 1
  /// At most this many coins are remembered, the newest first.
  static let maxCoins = 1000

  /// The cache folder.
  let directory: URL

  /// Creates a store in the cache folder.
  package init(directory: URL) {
    self.directory = directory
  }

  var fileURL: URL { directory.appendingPathComponent("known-coins.json") }

  /// The remembered coins, newest first; none when the file is missing or unreadable.
  package func load() -> [SearchResult] {
    guard let data = try? Data(contentsOf: fileURL),
      let file = try? JSONDecoder().decode(File.self, from: data),
      file.version == Self.formatVersion
    else { return [] }
    return file.coins.compactMap { stored in
      let id = Sanitizer.clean(stored.id)
      guard !id.isEmpty else { return nil }
      return SearchResult(
        id: id, symbol: Sanitizer.clean(stored.symbol).lowercased(),
        name: Sanitizer.clean(stored.name), rank: stored.rank.flatMap { $0 >= 1 ? $0 : nil })
    }
  }

  /// Remembers these coins (replacing what was known of them).
  package func remember(_ coins: [SearchResult]) throws {
    guard !coins.isEmpty else { return }
    let new = Set(coins.map(\.id))
    let all = coins + load().filter { !new.contains($0.id) }
    let file = File(
      version: Self.formatVersion,
      coins: all.prefix(Self.maxCoins).map {
        Stored(id: $0.id, symbol: $0.symbol, name: $0.name, rank: $0.rank)
      })
    try Folder.create(directory)
    try AtomicFile.write(JSONEncoder().encode(file), to: fileURL, durable: false)
  }
}
