import CoinsModel
import CoinsSupport

/// The spans of days or hours a cache has asked a source about, kept merged and in order, and
/// the opens it got, as the cache files write them: what ``CachedOpens`` and
/// ``CachedHourlyOpens`` share.
enum AskedSpans {
  /// `spans` with `added` taken in: sorted by start, and spans that overlap or touch (as
  /// `number` counts the units: day or hour numbers) made one.
  static func merging<Unit: Comparable>(
    _ spans: [ClosedRange<Unit>], _ added: ClosedRange<Unit>, number: (Unit) -> Int
  ) -> [ClosedRange<Unit>] {
    var merged: [ClosedRange<Unit>] = []
    for span in (spans + [added]).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, number(span.lowerBound) <= number(last.upperBound) + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
      } else {
        merged.append(span)
      }
    }
    return merged
  }

  /// Whether one of `spans` holds all of `range`.
  static func cover<Unit: Comparable>(_ spans: [ClosedRange<Unit>], _ range: ClosedRange<Unit>)
    -> Bool
  {
    spans.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
  }

  /// `opens` as the files' `"opens"` object: a member per unit in order, named by `name`, each
  /// open as its exact text.
  static func json<Unit: Comparable>(_ opens: [Unit: ExactDecimal], name: (Unit) -> String)
    -> JSONValue
  {
    .object(opens.keys.sorted().map { JSONMember(name($0), .string(opens[$0]?.text ?? "")) })
  }

  /// The files' `"opens"` object read back, each member's name made a unit by `unit`; `nil`
  /// when a name or an open is not one the cache writes.
  static func opens<Unit: Hashable>(_ members: [JSONMember], unit: (String) -> Unit?)
    -> [Unit: ExactDecimal]?
  {
    var opens: [Unit: ExactDecimal] = [:]
    for member in members {
      guard let key = unit(member.key), let open = DecimalText.value(member.value) else {
        return nil
      }
      opens[key] = open
    }
    return opens
  }
}
