import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins chart --json` and `--csv`: the points (or candles) exactly as received, and the
/// summary's figures.
package enum ChartDocument {
  /// `{"source","asOf","currency","coin":{"id","symbol","name"},"range","points":[[ms,price],…],
  /// "summary":{…}}` (`"candles":[[ms,open,high,low,close],…]` instead of points with
  /// candles; `"limitedBy"` when the plan limited the range; no `"coin"` for the portfolio).
  package static func json(
    _ snapshot: HistorySnapshot, of subject: ChartSubject, currency: String, candles: Bool,
    extra: [(String, String)] = []
  ) -> String {
    var members = [
      ("source", JSONText.string(snapshot.source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(snapshot.asOf))),
    ]
    if let reason = snapshot.staleReason {
      members.append(("staleReason", JSONText.string(reason)))
    }
    members.append(("currency", JSONText.string(currency)))
    if let id = subject.id {
      members.append(
        (
          "coin",
          JSONText.object([
            ("id", JSONText.string(id)),
            ("symbol", JSONText.string(Sanitizer.clean(subject.symbol))),
            ("name", JSONText.string(Sanitizer.clean(subject.name))),
          ])
        ))
    }
    members.append(("range", JSONText.string(snapshot.window.label)))
    if let limit = snapshot.limitedBy { members.append(("limitedBy", JSONText.string(limit))) }
    members += extra
    var summary = snapshot.history.summary
    if candles, let series = snapshot.candles {
      summary = series.summary
      let rows = series.candles.map {
        JSONText.array(
          [String($0.milliseconds)] + [$0.open, $0.high, $0.low, $0.close].map(JSONText.number))
      }
      members.append(("candles", JSONText.array(rows)))
    } else {
      let rows = snapshot.history.points.map {
        JSONText.array([String($0.milliseconds), JSONText.number($0.price)])
      }
      members.append(("points", JSONText.array(rows)))
    }
    members.append(("summary", summary.map(self.summary) ?? "null"))
    return JSONText.object(members)
  }

  private static func summary(_ summary: HistorySummary) -> String {
    JSONText.object([
      ("first", JSONText.number(summary.first.price)),
      ("last", JSONText.number(summary.last.price)),
      ("change", JSONText.number(summary.change)),
      ("changeValue", JSONText.number(summary.changeValue)),
      ("high", JSONText.number(summary.high.price)),
      ("highAt", String(summary.high.milliseconds)),
      ("low", JSONText.number(summary.low.price)),
      ("lowAt", String(summary.low.milliseconds)),
      ("average", JSONText.number(summary.average)),
    ])
  }

  /// `time,price` (or `time,open,high,low,close`) rows with ISO 8601 UTC times; with a
  /// `comparison` on the same moments, `time,price,benchmark`.
  package static func csv(
    _ snapshot: HistorySnapshot, candles: Bool, comparison: PriceHistory? = nil
  ) -> String {
    func time(_ milliseconds: Int64) -> String {
      ISO8601Timestamp.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
    var lines: [String]
    if candles, let series = snapshot.candles {
      lines = ["time,open,high,low,close"]
      for candle in series.candles {
        lines.append(
          ([time(candle.milliseconds)]
            + [candle.open, candle.high, candle.low, candle.close].map(JSONText.number))
            .joined(separator: ","))
      }
    } else if let comparison {
      lines = ["time,price,benchmark"]
      for (point, theirs) in zip(snapshot.history.points, comparison.points) {
        lines.append(
          time(point.milliseconds) + "," + JSONText.number(point.price) + ","
            + JSONText.number(theirs.price))
      }
    } else {
      lines = ["time,price"]
      for point in snapshot.history.points {
        lines.append(time(point.milliseconds) + "," + JSONText.number(point.price))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
