import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins search` results: rank, symbol, name and id, best-ranked first, one row per coin —
/// coins sharing a symbol stay separate rows, so the real one can be told from its copies.
package enum SearchResultsView {
  package static func lines(_ results: [SearchResult], width: Int) -> [String] {
    let columns = [
      TableLayout.Column(
        header: "#", cells: results.map { $0.rank.map(String.init) ?? NumberFormat.unknown },
        alignRight: true, dropOrder: 1),
      TableLayout.Column(
        header: "Symbol", cells: results.map { $0.symbol.uppercased() }, identifying: true),
      TableLayout.Column(
        header: "Name", cells: results.map(\.name), flexible: 8...40, dropOrder: 0),
      TableLayout.Column(
        header: "Id (for --id)", cells: results.map(\.id), identifying: true, shortHeader: "Id"),
    ]
    return TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
  }

  /// `{"source","asOf","query","coins":[{"rank","id","symbol","name"}]}`.
  package static func json(_ results: [SearchResult], query: String, source: DataSource, asOf: Date)
    -> String
  {
    JSONText.object([
      ("source", JSONText.string(source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(asOf))),
      ("query", JSONText.string(Sanitizer.clean(query))),
      (
        "coins",
        JSONText.array(
          results.map {
            JSONText.object([
              ("rank", JSONText.number($0.rank)),
              ("id", JSONText.string($0.id)),
              ("symbol", JSONText.string($0.symbol)),
              ("name", JSONText.string($0.name)),
            ])
          })
      ),
    ])
  }
}
