import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the price cache keeps of a source's answer that it lists no pair for a coin and
/// currency (Coinbase's 404): the reason and when it was said, believed for ``lifetime`` —
/// an exchange lists a new pair now and then, so the answer is asked again a day later.
struct UnlistedPair: Equatable {
  /// How long the answer is believed: a day.
  static let lifetime: Double = 86_400

  /// The source's reason: `Coinbase lists no ETH-USD`.
  var reason: String
  /// When the source said so, in seconds since 1970.
  var saidAt: Double

  /// Whether it is still believed at `now`, in seconds since 1970 (not when said in the future:
  /// a clock set back).
  func holds(at now: Double) -> Bool {
    saidAt <= now && now < saidAt + Self.lifetime
  }

  /// The file's JSON.
  var json: JSONValue {
    .object([
      JSONMember("version", .number("1")),
      JSONMember("reason", .string(reason)),
      JSONMember("saidAt", .number(String(Int64(saidAt.rounded(.down))))),
    ])
  }

  /// Read back from the file's JSON; `nil` when it is not one the cache wrote.
  init?(json: JSONValue) {
    guard json["version"] == .number("1"), let reason = json["reason"]?.stringValue,
      case .number(let text)? = json["saidAt"], let saidAt = Double(text)
    else { return nil }
    self.reason = reason
    self.saidAt = saidAt
  }

  /// `reason`, said at `saidAt` (seconds since 1970).
  init(reason: String, saidAt: Double) {
    self.reason = reason
    self.saidAt = saidAt
  }
}
