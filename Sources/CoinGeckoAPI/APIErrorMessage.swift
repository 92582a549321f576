import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Pulls a short, printable message out of an error body: CoinGecko's JSON error shapes, an HTML
/// page's title, or the first bytes of anything else.
package enum APIErrorMessage {
  /// The most characters of a message or excerpt shown to the user.
  package static let maxLength = 120

  /// The API's own message for an error answer, sanitized and short ("" when there is none).
  package static func message(from body: Data, redacting secrets: [String] = []) -> String {
    let text = jsonMessage(body) ?? htmlTitle(body) ?? ""
    return clean(text, redacting: secrets)
  }

  /// CoinGecko's `error_code` in `{"error":{"status":{…}}}` or `{"status":{…}}`, if any
  /// (10012: beyond the plan's history, 10005: not in the plan).
  static func errorCode(from body: Data) -> Int? {
    guard let object = jsonObject(body) else { return nil }
    let status = object["error"]?["status"] ?? object["status"]
    guard case .number(let literal) = status?["error_code"] else { return nil }
    return Int(literal) ?? Double(literal).flatMap { Int(exactly: $0) }
  }

  /// The body as a JSON object, when it is a small one.
  private static func jsonObject(_ body: Data) -> JSONValue? {
    guard body.count < 64 * 1024, let value = try? JSONValueParser.parse([UInt8](body)),
      value.objectMembers != nil
    else { return nil }
    return value
  }

  /// The first bytes of a body that could not be decoded, sanitized and short.
  package static func excerpt(of body: Data, redacting secrets: [String] = []) -> String {
    let prefix = body.prefix(maxLength * 4)
    let text = String(decoding: prefix, as: UTF8.self)
    return clean(htmlTitle(body) ?? text, redacting: secrets)
  }

  private static func clean(_ text: String, redacting secrets: [String]) -> String {
    var result = Sanitizer.clean(text)
    for secret in secrets where !secret.isEmpty {
      result = result.replacing(secret, with: "[redacted]")
    }
    if result.count > maxLength {
      result = String(result.prefix(maxLength - 1)) + "…"
    }
    return result
  }

  /// `{"error":"…"}`, `{"error":{"status":{"error_message":"…"}}}`,
  /// `{"status":{"error_message":"…"}}` or `{"message":"…"}`.
  private static func jsonMessage(_ body: Data) -> String? {
    guard let object = jsonObject(body) else { return nil }
    return object["error"]?.stringValue
      ?? object["error"]?["status"]?["error_message"]?.stringValue
      ?? object["status"]?["error_message"]?.stringValue
      ?? object["message"]?.stringValue
  }

  /// The `<title>` of an HTML page, plus a Cloudflare "error code: N" when the page has one.
  private static func htmlTitle(_ body: Data) -> String? {
    let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
    let lower = text.lowercased()
    guard lower.contains("<html") || lower.contains("<!doctype html") else { return nil }
    var title = "an HTML page"
    if let open = lower.firstRange(of: "<title>"),
      let close = lower[open.upperBound...].firstRange(of: "</title>")
    {
      let start = text.index(
        text.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: open.upperBound))
      let end = text.index(
        text.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: close.lowerBound))
      let inner = text[start..<end].trimmingWhitespaceAndNewlines()
      if !inner.isEmpty { title = "an HTML page (\(inner))" }
    }
    if let code = lower.firstRange(of: "error code: ") {
      let digits = lower[code.upperBound...].prefix(while: \.isNumber)
      if !digits.isEmpty { title += ", error code \(digits)" }
    }
    return title
  }
}
