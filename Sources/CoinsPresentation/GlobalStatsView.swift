import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins global`: total market cap and volume, the cap's 24h change, BTC and ETH dominance,
/// active coins.
package enum GlobalStatsView {
  package static func lines(_ snapshot: GlobalSnapshot, now: Date, style: TextStyle) -> [String] {
    let stats = snapshot.stats
    let currency = CurrencyStyle(code: stats.currency)
    let change = style.apply(
      TextStyle.trend(stats.marketCapChange24h), to: NumberFormat.percent(stats.marketCapChange24h))
    let percent = { (value: Double?) in
      value.map { NumberFormat.fixed($0, decimals: 2) + "%" } ?? "—"
    }
    let rows: [(String, String)] = [
      ("Market cap", NumberFormat.compact(stats.totalMarketCap, currency: currency)),
      ("24h change", change + " (market cap, in USD terms)"),
      ("Volume 24h", NumberFormat.compact(stats.totalVolume, currency: currency)),
      ("BTC dominance", percent(stats.bitcoinDominance)),
      ("ETH dominance", percent(stats.etherDominance)),
      (
        "Active coins",
        stats.activeCoins.map { NumberFormat.fixed(Double($0), decimals: 0, grouped: true) } ?? "—"
      ),
      (
        "Markets",
        stats.markets.map { NumberFormat.fixed(Double($0), decimals: 0, grouped: true) } ?? "—"
      ),
    ]
    return [
      "Global crypto market in \(currency.displayCode) · "
        + SnapshotLabel.styledFreshness(
          source: snapshot.source, asOf: snapshot.asOf, now: now, style: style)
    ]
      + rows.map { DisplayWidth.pad($0.0, to: 15) + $0.1 }
  }

  /// `{"source","asOf","currency","totalMarketCap","totalVolume","marketCapChange24h",
  /// "btcDominance","ethDominance","activeCoins","markets","updatedAt"}`.
  package static func json(_ snapshot: GlobalSnapshot) -> String {
    let stats = snapshot.stats
    var members = [
      ("source", JSONText.string(snapshot.source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(snapshot.asOf))),
      ("currency", JSONText.string(stats.currency)),
    ]
    if let reason = snapshot.staleReason {
      members.append(("staleReason", JSONText.string(reason)))
    }
    members += [
      ("totalMarketCap", JSONText.number(stats.totalMarketCap)),
      ("totalVolume", JSONText.number(stats.totalVolume)),
      ("marketCapChange24h", JSONText.number(stats.marketCapChange24h)),
      ("btcDominance", JSONText.number(stats.bitcoinDominance)),
      ("ethDominance", JSONText.number(stats.etherDominance)),
      ("activeCoins", JSONText.number(stats.activeCoins)),
      ("markets", JSONText.number(stats.markets)),
      ("updatedAt", stats.updatedAt.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"),
    ]
    return JSONText.object(members)
  }
}
