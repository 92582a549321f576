import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins info`: one coin in detail — price and changes, market cap and rank, volume, 24h range,
/// supply, all-time high and low with dates and distance, and a multi-line 7-day chart.
package struct CoinInfoView {
  var currency: CurrencyStyle
  var style: TextStyle
  var ascii: Bool

  /// The detail lines, ending with the 7-day chart unless `sparklineChart` is off (when a
  /// longer history is drawn after them instead).
  package func lines(
    _ coin: Coin, snapshot: MarketSnapshot, now: Date, width: Int, sparklineChart: Bool = true
  ) -> [String] {
    let money = { (value: Double?) in NumberFormat.price(value, currency: currency) }
    let rank = coin.rank.map { "rank #\($0)" } ?? "unranked"
    var lines = [
      style.apply(.bold, to: "\(coin.name) (\(coin.symbol.uppercased()))")
        + " · \(rank) · id \(coin.id) · "
        + SnapshotLabel.styledFreshness(of: snapshot, now: now, style: style),
      "",
    ]
    func change(_ label: String, _ value: Double?) -> String {
      "\(label) " + style.apply(TextStyle.trend(value), to: NumberFormat.percent(value))
    }
    let rows: [(String, String)] = [
      (
        "Price",
        money(coin.price) + "   " + change("1h", coin.change1h) + "   "
          + change("24h", coin.change24h) + "   " + change("7d", coin.change7d)
      ),
      ("24h range", "\(money(coin.low24h)) – \(money(coin.high24h))"),
      ("Market cap", NumberFormat.compact(coin.marketCap, currency: currency) + " (\(rank))"),
      ("Volume 24h", NumberFormat.compact(coin.volume, currency: currency)),
      (
        "Supply",
        "\(NumberFormat.compact(coin.circulatingSupply)) circulating · "
          + "\(NumberFormat.compact(coin.totalSupply)) total · "
          + "\(NumberFormat.compact(coin.maxSupply)) max"
      ),
      ("All-time high", extreme(coin.allTimeHigh, date: coin.allTimeHighDate, price: coin.price)),
      ("All-time low", extreme(coin.allTimeLow, date: coin.allTimeLowDate, price: coin.price)),
    ]
    for (label, value) in rows {
      lines.append(DisplayWidth.pad(label, to: 15) + value)
    }
    let chart = ChartRenderer(height: 8, ascii: ascii).render(
      coin.sparklinePoints, width: min(width, 100), end: coin.lastUpdated ?? snapshot.asOf,
      label: money)
    if sparklineChart, !chart.isEmpty {
      lines += ["", "7-day price, hourly"] + chart
    }
    return lines
  }

  /// `$69,000.00 on 2024-03-14 (-27.54% from it)`.
  private func extreme(_ value: Double?, date: Date?, price: Double?) -> String {
    guard let value else { return NumberFormat.unknown }
    var text = NumberFormat.price(value, currency: currency)
    if let date { text += " on " + String(ISO8601Timestamp.format(date).prefix(10)) }
    if let price, value > 0 {
      text += " (price is \(NumberFormat.percent((price / value - 1) * 100)) from it)"
    }
    return text
  }

  /// `{"source","asOf","currency","coin":{…}}`, then `extra` members (`"history"`).
  package static func json(
    _ coin: Coin, snapshot: MarketSnapshot, extra: [(String, String)] = []
  ) -> String {
    func date(_ value: Date?) -> String {
      value.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
    }
    func distance(_ extreme: Double?) -> Double? {
      guard let extreme, extreme > 0, let price = coin.price else { return nil }
      return (price / extreme - 1) * 100
    }
    let body = JSONText.object(
      MarketJSON.members(of: coin) + [
        ("high24h", JSONText.number(coin.high24h)),
        ("low24h", JSONText.number(coin.low24h)),
        ("circulatingSupply", JSONText.number(coin.circulatingSupply)),
        ("totalSupply", JSONText.number(coin.totalSupply)),
        ("maxSupply", JSONText.number(coin.maxSupply)),
        ("allTimeHigh", JSONText.number(coin.allTimeHigh)),
        ("allTimeHighDate", date(coin.allTimeHighDate)),
        ("fromAllTimeHigh", JSONText.number(distance(coin.allTimeHigh))),
        ("allTimeLow", JSONText.number(coin.allTimeLow)),
        ("allTimeLowDate", date(coin.allTimeLowDate)),
        ("fromAllTimeLow", JSONText.number(distance(coin.allTimeLow))),
        ("sparkline", MarketJSON.sparkline(coin)),
      ])
    return JSONText.object(MarketJSON.header(of: snapshot) + [("coin", body)] + extra)
  }

  /// Creates a value from its parts.
  package init(currency: CurrencyStyle, style: TextStyle, ascii: Bool) {
    self.currency = currency
    self.style = style
    self.ascii = ascii
  }
}
