import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio file's `"accepted"`: the transactions `check --accept` accepted as they are,
/// one object a line, written only when there is one.
///
/// ```json
///   "accepted": [
///     {"transaction": "39", "reason": "airdrop, no market then", "date": "2026-12-02T10:00:00.000Z"}
///   ]
/// ```
enum AcceptanceCodec {
  /// The member's name.
  static let key = "accepted"

  /// `,\n  "accepted": [...]`, nothing when there are none.
  static func write(_ accepted: [Acceptance], into output: inout JSONBytes) {
    guard !accepted.isEmpty else { return }
    output.append(",\n  \"accepted\": [")
    for (index, acceptance) in accepted.enumerated() {
      output.append(index == 0 ? "\n    {\"transaction\": " : ",\n    {\"transaction\": ")
      output.appendString(acceptance.transaction)
      output.append(", \"reason\": ")
      output.appendString(acceptance.reason)
      if let date = acceptance.date {
        output.append(", \"date\": \"")
        ISO8601Timestamp.withExactText(date) { output.append($0) }
        output.append("\"")
      }
      output.append("}")
    }
    output.append("\n  ]")
  }

  /// The acceptances in the member's value, every field checked.
  static func decode(_ value: JSONValue) throws(PortfolioCodec.Invalid) -> [Acceptance] {
    guard let elements = value.arrayValue else {
      throw .init(detail: "\"accepted\" should be an array")
    }
    var accepted: [Acceptance] = []
    for (index, element) in elements.enumerated() {
      let place = "accepted[\(index)]"
      guard let transaction = element["transaction"]?.stringValue, !transaction.isEmpty else {
        throw .init(detail: "\(place).transaction is missing or not a transaction id")
      }
      guard let reason = element["reason"]?.stringValue else {
        throw .init(detail: "\(place).reason is missing or not a string")
      }
      var date: Date?
      if let written = element["date"], written != .null {
        guard let text = written.stringValue, let parsed = ISO8601Timestamp.parse(text) else {
          throw .init(detail: "\(place).date should be a time like \"2026-11-29T14:00:00Z\"")
        }
        date = parsed
      }
      accepted.append(
        Acceptance(
          transaction: Sanitizer.clean(transaction), reason: Sanitizer.clean(reason), date: date))
    }
    return accepted
  }
}
