import CoinGeckoAPI
import CoinsModel
import Foundation

/// The sample market snapshot shipped with `coins` (a recorded-style top-250 answer in USD with
/// sparklines), shown when neither the API nor the cache has anything: always labelled as sample.
public enum BundledSample {
  /// The resource's file name.
  static let fileName = "sample-markets.json"

  /// How SwiftPM names the resource folder it puts next to the executable:
  /// `<package identity>_CoinsServices.resources`, the identity being the checkout's folder name.
  static let bundleDirectorySuffix = "_CoinsServices.resources"

  /// The sample, or `nil` when the resource cannot be found or read.
  ///
  /// Looked up next to the running executable (where `swift build` puts it) rather than through
  /// `Bundle.module`, whose accessor stops the process when the folder has been moved.
  public static func load() -> MarketSnapshot? {
    for url in candidateURLs() {
      guard let data = try? Data(contentsOf: url) else { continue }
      guard let sample = try? snapshot(from: data), !sample.coins.isEmpty else { continue }
      return sample
    }
    return nil
  }

  /// Decodes a sample body; its time is the newest `last_updated` among its coins.
  static func snapshot(from data: Data) throws -> MarketSnapshot {
    let coins = try MarketsDecoder.decode(data)
    let asOf = coins.compactMap(\.lastUpdated).max() ?? Date(timeIntervalSince1970: 0)
    return MarketSnapshot(
      coins: coins, currency: "usd", asOf: asOf, source: .sample,
      staleReason: "sample data bundled with coins")
  }

  private static func candidateURLs() -> [URL] {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      directories.append(executable.deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first, first.contains("/") {
      directories.append(
        URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    return directories.flatMap { directory in
      let bundles =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(bundleDirectorySuffix) }.sorted() ?? []
      return bundles.map {
        directory.appendingPathComponent($0).appendingPathComponent(fileName)
      } + [directory.appendingPathComponent("../share/coins").appendingPathComponent(fileName)]
    }
  }
}
