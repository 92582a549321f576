import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The members every quick answer's JSON starts with: `source`, `asOf`, `currency`, and
/// `staleReason` when the figures are not live.
enum AnswerJSON {
  static func header<Value>(_ answer: Sourced<Value>, currency: String) -> [(String, String)] {
    var members = [
      ("source", JSONText.string(answer.source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(answer.asOf))),
      ("currency", JSONText.string(currency)),
    ]
    if let reason = answer.staleReason {
      members.append(("staleReason", JSONText.string(reason)))
    }
    return members
  }

  /// A date as an ISO 8601 string, or `null`.
  static func date(_ date: Date?) -> String {
    date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
  }
}
