import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The tickers `coins portfolio import --map TICKER=id` was told, remembered for later imports
/// in `<portfolio>.tickers.json` beside the portfolio file
/// (`{"version":1,"tickers":{"BTC":"bitcoin",…}}`), kept with the portfolio file's guarantees
/// (``DocumentFile``); members it does not know are kept.
public struct TickerMapStore: Sendable {
  /// Why the file cannot be read or written: one line for the user.
  public typealias Failure = DocumentFailure

  private let file: NamedDocument

  /// The store beside the portfolio file at `portfolioURL`.
  public init(portfolioURL: URL) {
    var name = portfolioURL.lastPathComponent
    if name.hasSuffix(".json") { name.removeLast(5) }
    let url = portfolioURL.deletingLastPathComponent().appendingPathComponent(
      name + ".tickers.json")
    file = NamedDocument(file: DocumentFile(url: url), name: "The ticker map")
  }

  /// The file.
  public var url: URL { file.url }

  /// The remembered ids by upper-cased ticker; no file means none.
  public func load() throws(Failure) -> [String: String] {
    try file.read(decode)?.tickers ?? [:]
  }

  /// Remembers `mappings` (upper-cased ticker → id), over any earlier id of the same ticker.
  public func remember(_ mappings: [String: String]) throws(Failure) {
    guard !mappings.isEmpty else { return }
    try file.update { original throws(Failure) in
      var (tickers, extra) = try original.map(decode) ?? ([:], [])
      tickers.merge(mappings) { $1 }
      let document = JSONValue.object(
        [
          JSONMember("version", .number("1")),
          JSONMember(
            "tickers",
            .object(tickers.keys.sorted().map { JSONMember($0, .string(tickers[$0] ?? "")) })),
        ] + extra)
      return (Array(JSONValueWriter.write(document).utf8), ())
    }
  }

  private func decode(_ bytes: [UInt8]) throws(Failure) -> (
    tickers: [String: String], extra: [JSONMember]
  ) {
    let corrupt = file.corrupt
    guard let document = try? DocumentFile.json(bytes), let members = document.objectMembers,
      let entries = document["tickers"]?.objectMembers
    else { throw corrupt("not a JSON object with \"tickers\"") }
    var tickers: [String: String] = [:]
    for entry in entries {
      guard let id = entry.value.stringValue, !id.isEmpty else {
        throw corrupt("\"tickers\" holds something other than CoinGecko ids")
      }
      tickers[entry.key.uppercased()] = id
    }
    return (tickers, members.filter { !["version", "tickers"].contains($0.key) })
  }
}
