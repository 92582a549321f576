import CoinsModel

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
  public struct Failure: Error, Equatable {
    /// Without the `Error: ` prefix.
    public var message: String
  }

  private let file: DocumentFile

  /// The store beside the portfolio file at `portfolioURL`.
  public init(portfolioURL: URL) {
    var name = portfolioURL.lastPathComponent
    if name.hasSuffix(".json") { name.removeLast(5) }
    file = DocumentFile(
      url: portfolioURL.deletingLastPathComponent().appendingPathComponent(name + ".tickers.json"))
  }

  /// The file.
  public var url: URL { file.url }

  /// The remembered ids by upper-cased ticker; no file means none.
  public func load() throws(Failure) -> [String: String] {
    do {
      return try file.read().map(decode)?.tickers ?? [:]
    } catch let error as DocumentFile.Failure {
      throw failure(error)
    } catch {
      throw error as? Failure ?? Failure(message: "\(error)")
    }
  }

  /// Remembers `mappings` (upper-cased ticker → id), over any earlier id of the same ticker.
  public func remember(_ mappings: [String: String]) throws(Failure) {
    guard !mappings.isEmpty else { return }
    do {
      try file.update { original in
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
    } catch let error as DocumentFile.Failure {
      throw failure(error)
    } catch {
      throw error as? Failure ?? Failure(message: "\(error)")
    }
  }

  private func failure(_ error: DocumentFile.Failure) -> Failure {
    switch error {
    case .unreadable(let reason):
      Failure(message: "The ticker map \(url.path) cannot be read: \(reason).")
    case .tooLarge:
      Failure(message: "The ticker map \(url.path) is too large to be one coins wrote.")
    case .writeFailed(let reason):
      Failure(message: "The ticker map \(url.path) could not be written: \(reason).")
    }
  }

  private func decode(_ bytes: [UInt8]) throws(Failure) -> (
    tickers: [String: String], extra: [JSONMember]
  ) {
    let corrupt = { (detail: String) in
      Failure(
        message: "The ticker map \(url.path) cannot be read: \(detail). It was left unchanged.")
    }
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
