import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins top --json`: `{"source","asOf","currency","coins":[…]}` on one line.
public enum MarketJSON {
  /// The document for these coins of `snapshot`.
  public static func render(
    _ coins: [Coin], of snapshot: MarketSnapshot, extra: [(String, String)] = []
  ) -> String {
    JSONText.object(
      header(of: snapshot) + [("coins", JSONText.array(coins.map(coin)))] + extra)
  }

  /// The members every market document starts with: source, asOf, currency (and why the data
  /// is not live, when it is not).
  static func header(of snapshot: MarketSnapshot) -> [(String, String)] {
    var members = [
      ("source", JSONText.string(snapshot.source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(snapshot.asOf))),
      ("currency", JSONText.string(snapshot.currency)),
    ]
    if let reason = snapshot.staleReason {
      members.append(("staleReason", JSONText.string(reason)))
    }
    return members
  }

  /// One coin as a JSON object.
  package static func coin(_ coin: Coin) -> String {
    JSONText.object(
      members(of: coin) + [("sparkline", sparkline(coin))])
  }

  /// A coin's sparkline: its points (`null` for a missing one), or `null` when CoinGecko sent
  /// no sparkline at all — an empty one stays `[]`.
  static func sparkline(_ coin: Coin) -> String {
    coin.sparkline.map { JSONText.array($0.map(JSONText.number)) } ?? "null"
  }

  /// The members every coin object starts with: rank, ids, names, price, changes, cap, volume.
  static func members(of coin: Coin) -> [(String, String)] {
    [
      ("rank", JSONText.number(coin.rank)),
      ("id", JSONText.string(coin.id)),
      ("symbol", JSONText.string(coin.symbol)),
      ("name", JSONText.string(coin.name)),
      ("price", JSONText.number(coin.price)),
      ("change1h", JSONText.number(coin.change1h)),
      ("change24h", JSONText.number(coin.change24h)),
      ("change7d", JSONText.number(coin.change7d)),
      ("marketCap", JSONText.number(coin.marketCap)),
      ("volume", JSONText.number(coin.volume)),
    ]
  }
}
