import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins alert check --json`:
/// `{"source","asOf","fired":[{"id","coin","symbol","rule","threshold","price","currency","at"}],
/// "checked":N}`.
package enum AlertCheckJSON {
  /// The report of one check; `source` and `asOf` are those of the market the rules were
  /// checked against (the first currency's, when the rules use several).
  package static func render(
    source: DataSource, asOf: Date?, fired: [FiredAlert], checked: Int
  ) -> String {
    JSONText.object([
      ("source", JSONText.string(source.rawValue)),
      ("asOf", AlertListView.timestamp(asOf)),
      ("fired", array(fired)),
      ("checked", String(checked)),
    ])
  }

  /// The fired alerts as a JSON array (also the `"alerts"` of a `watch --json` line).
  package static func array(_ fired: [FiredAlert]) -> String {
    JSONText.array(
      fired.map { alert in
        JSONText.object([
          ("id", JSONText.string(alert.rule.id)),
          ("coin", alert.rule.target.coinID.map(JSONText.string) ?? "null"),
          ("symbol", AlertListView.symbol(alert.rule.target).map(JSONText.string) ?? "null"),
          ("rule", JSONText.string(alert.rule.condition.kind)),
          ("threshold", DecimalInput.text(alert.rule.condition.threshold)),
          ("value", JSONText.number(alert.value)),
          ("price", JSONText.number(alert.price)),
          ("currency", JSONText.string(alert.rule.currency)),
          ("at", JSONText.string(ISO8601Timestamp.format(alert.at))),
        ])
      })
  }
}
