import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins categories`: name, id (for `coins top --category`), market cap, its 24h change and
/// volume, in USD.
package enum CategoriesView {
  package static func lines(
    _ categories: [CoinCategory], of answer: Sourced<[CoinCategory]>, title: String, now: Date,
    width: Int, style: TextStyle
  ) -> [String] {
    let usd = CurrencyStyle(code: "usd")
    let columns = [
      TableLayout.Column(
        header: "#", cells: categories.indices.map { String($0 + 1) }, alignRight: true),
      TableLayout.Column(
        header: "Name", cells: categories.map(\.name), flexible: 10...36, dropOrder: 4),
      TableLayout.Column(
        header: "Id (for --category)", cells: categories.map(\.id), identifying: true,
        shortHeader: "Id"),
      TableLayout.Column(
        header: "Market Cap",
        cells: categories.map { NumberFormat.compact($0.marketCap, currency: usd) },
        alignRight: true, dropOrder: 3),
      TableLayout.Column(
        header: "24h", cells: categories.map { NumberFormat.percent($0.change24h) },
        colors: categories.map { TextStyle.trend($0.change24h) }, alignRight: true,
        dropOrder: 2),
      TableLayout.Column(
        header: "Volume", cells: categories.map { NumberFormat.compact($0.volume, currency: usd) },
        alignRight: true, dropOrder: 1),
    ]
    let header =
      title + " · "
      + SnapshotLabel.styledFreshness(
        source: answer.source, asOf: answer.asOf, now: now, style: style)
    return [header] + TableLayout.render(columns, width: width, style: style)
  }

  /// `{"source","asOf","currency":"usd","categories":[{"id","name","marketCap","change24h",
  /// "volume","updatedAt"}]}`.
  package static func json(_ categories: [CoinCategory], of answer: Sourced<[CoinCategory]>)
    -> String
  {
    let items = categories.map {
      JSONText.object([
        ("id", JSONText.string($0.id)),
        ("name", JSONText.string($0.name)),
        ("marketCap", JSONText.number($0.marketCap)),
        ("change24h", JSONText.number($0.change24h)),
        ("volume", JSONText.number($0.volume)),
        ("updatedAt", AnswerJSON.date($0.updatedAt)),
      ])
    }
    return JSONText.object(
      AnswerJSON.header(answer, currency: "usd") + [("categories", JSONText.array(items))])
  }
}
