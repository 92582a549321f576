import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sample market snapshot shipped with `coins` (a recorded-style top-250 answer in USD with
/// sparklines), shown when neither the API nor the cache has anything: always labelled as sample.
public enum BundledSample {
  /// The sample, or `nil` when it cannot be decoded (a broken regeneration).
  ///
  /// Compiled into the binary (`BundledSample+JSON.swift`, made by `Samples/make_sample.py`), so
  /// there is nothing to find or install beside the executable.
  public static func load() -> MarketSnapshot? {
    guard let sample = try? snapshot(from: Data(json.utf8)), !sample.coins.isEmpty else {
      return nil
    }
    return sample
  }

  /// Decodes a sample body; its time is the newest `last_updated` among its coins.
  package static func snapshot(from data: Data) throws -> MarketSnapshot {
    let coins = try MarketsDecoder.decode(data)
    let asOf = coins.compactMap(\.lastUpdated).max() ?? Date(timeIntervalSince1970: 0)
    return MarketSnapshot(
      coins: coins, currency: "usd", asOf: asOf, source: .sample,
      staleReason: "sample data bundled with coins")
  }
}
