import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The favourite coins, `$XDG_DATA_HOME/coins/favorites.json`
/// (`{"version":1,"favorites":["bitcoin",…]}`), kept with the portfolio file's guarantees (the
/// same ``DocumentFile``: lock, temp file, flush, rename, `.bak`; members it does not know are
/// kept; a file it cannot read is never overwritten).
public struct FavoritesStore: Sendable {
  /// Why the file cannot be read or written: one line for the user.
  public typealias Failure = DocumentFailure

  /// The version of the file this `coins` writes.
  public static let formatVersion = 1

  private let file: NamedDocument

  /// The store for the file at `url`.
  public init(url: URL) {
    file = NamedDocument(file: DocumentFile(url: url), name: "The favourites file")
  }

  /// The favourites file.
  public var url: URL { file.url }

  /// `$XDG_DATA_HOME/coins/favorites.json`, else `~/.local/share/coins/favorites.json`.
  public static func defaultURL(environment: [String: String]) -> URL {
    return DataFolder.file("favorites.json", environment: environment)
  }

  /// The favourite ids, in the order they were marked; no file means none.
  public func load() throws(Failure) -> [String] {
    try file.read(decode)?.ids ?? []
  }

  /// Marks `id` as a favourite, or unmarks it; returns whether it is one now.
  @discardableResult
  public func toggle(_ id: String) throws(Failure) -> Bool {
    try file.update { original throws(Failure) in
      var (ids, extra) = try original.map(decode) ?? ([], [])
      let isFavorite = !ids.contains(id)
      if isFavorite { ids.append(id) } else { ids.removeAll { $0 == id } }
      let document = JSONValue.object(
        [
          JSONMember("version", .number(String(Self.formatVersion))),
          JSONMember("favorites", .array(ids.map(JSONValue.string))),
        ] + extra)
      return (Array(JSONValueWriter.write(document).utf8), isFavorite)
    }
  }

  private func decode(_ bytes: [UInt8]) throws(Failure) -> (ids: [String], extra: [JSONMember]) {
    let corrupt = file.corrupt
    guard let document = try? DocumentFile.json(bytes), let members = document.objectMembers
    else { throw corrupt("not a JSON object") }
    guard case .number(let text)? = document["version"], let version = Int(text) else {
      throw corrupt("\"version\" is missing or not a whole number")
    }
    guard version <= Self.formatVersion else {
      throw corrupt("it has format version \(version), written by a newer coins")
    }
    guard let values = document["favorites"]?.arrayValue else {
      throw corrupt("\"favorites\" is missing or not an array")
    }
    var ids: [String] = []
    for value in values {
      guard let id = value.stringValue, !id.isEmpty else {
        throw corrupt("\"favorites\" holds something other than coin ids")
      }
      if !ids.contains(id) { ids.append(id) }
    }
    return (ids, members.filter { !["version", "favorites"].contains($0.key) })
  }
}
