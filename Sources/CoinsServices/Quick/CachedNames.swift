import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The names shell completion offers, read from the cache folder alone — never the network,
/// never the bundled sample: the symbols and ids of every cached market and remembered coin,
/// and the ids of the cached categories.
package enum CachedNames {
  /// Symbols and ids, each once, sorted; plain words only (nothing a shell would split or
  /// expand).
  package static func coins(in directory: URL) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let cache = MarketCache(directory: directory)
    var names = Set<String>()
    for file in files where file.hasPrefix("markets-") && file.hasSuffix(".bin") {
      let currency = file.dropFirst("markets-".count).prefix { $0 != "." }
      for coin in cache.load(currency: String(currency))?.coins ?? [] {
        names.insert(coin.symbol.lowercased())
        names.insert(coin.id)
      }
    }
    for coin in KnownCoins(directory: directory).load() {
      names.insert(coin.symbol)
      names.insert(coin.id)
    }
    return names.filter(isPlainWord).sorted()
  }

  /// The ids of the categories in the cached `/coins/categories` answer.
  package static func categories(in directory: URL) -> [String] {
    guard let stored = AnswerCache(directory: directory).load("categories"),
      let categories = try? CategoriesDecoder.decode(stored.body)
    else { return [] }
    return categories.map(\.id).filter(isPlainWord).sorted()
  }

  /// Letters, digits, `-`, `_` and `.` only.
  package static func isPlainWord(_ word: String) -> Bool {
    !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
      }
  }
}
