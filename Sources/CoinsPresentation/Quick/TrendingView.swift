import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins trending`: CoinGecko's trending coins with rank, price (USD) and 24h change.
package enum TrendingView {
  package static func lines(
    _ answer: Sourced<[TrendingCoin]>, now: Date, width: Int, style: TextStyle
  ) -> [String] {
    let coins = answer.value
    let usd = CurrencyStyle(code: "usd")
    let columns = [
      TableLayout.Column(
        header: "#", cells: coins.indices.map { String($0 + 1) }, alignRight: true),
      TableLayout.Column(
        header: "Symbol", cells: coins.map { $0.symbol.uppercased() }, identifying: true),
      TableLayout.Column(header: "Name", cells: coins.map(\.name), flexible: 8...30, dropOrder: 1),
      TableLayout.Column(
        header: "Rank", cells: coins.map { $0.rank.map(String.init) ?? NumberFormat.unknown },
        alignRight: true, dropOrder: 2),
      TableLayout.Column(
        header: "Price", cells: coins.map { NumberFormat.price($0.price, currency: usd) },
        alignRight: true),
      TableLayout.Column(
        header: "24h", cells: coins.map { NumberFormat.percent($0.change24h) },
        colors: coins.map { TextStyle.trend($0.change24h) }, alignRight: true),
    ]
    let title =
      "Trending on CoinGecko, prices in USD · "
      + SnapshotLabel.styledFreshness(
        source: answer.source, asOf: answer.asOf, now: now, style: style)
    return [title] + TableLayout.render(columns, width: width, style: style)
  }

  /// `{"source","asOf","currency":"usd","coins":[{"position","rank","id","symbol","name",
  /// "price","change24h"}]}`.
  package static func json(_ answer: Sourced<[TrendingCoin]>) -> String {
    let coins = answer.value.enumerated().map { index, coin in
      JSONText.object([
        ("position", JSONText.number(index + 1)),
        ("rank", JSONText.number(coin.rank)),
        ("id", JSONText.string(coin.id)),
        ("symbol", JSONText.string(coin.symbol)),
        ("name", JSONText.string(coin.name)),
        ("price", JSONText.number(coin.price)),
        ("change24h", JSONText.number(coin.change24h)),
      ])
    }
    return JSONText.object(
      AnswerJSON.header(answer, currency: "usd") + [("coins", JSONText.array(coins))])
  }
}
