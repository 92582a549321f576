import CoinGeckoAPI
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct APIErrorMessageTests {
  private func message(_ body: String, secrets: [String] = []) -> String {
    APIErrorMessage.message(from: Data(body.utf8), redacting: secrets)
  }

  @Test(arguments: [
    (#"{"error":"invalid vs_currency"}"#, "invalid vs_currency"),
    (
      #"{"error":{"status":{"error_code":10002,"error_message":"API Key Missing"}}}"#,
      "API Key Missing"
    ),
    (
      #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#,
      "You've exceeded the Rate Limit."
    ),
    (#"{"message":"Internal error"}"#, "Internal error"),
    (#"{"unexpected":"shape"}"#, ""),
    (#"["an","array"]"#, ""),
    ("plain text from a proxy", ""),
    ("", ""),
    (
      "<!DOCTYPE html><html><head><TITLE> Attention Required! | Cloudflare </TITLE></head>"
        + "<body>error code: 1020</body></html>",
      "an HTML page (Attention Required! | Cloudflare), error code 1020"
    ),
    ("<html><body>503 Service Temporarily Unavailable</body></html>", "an HTML page"),
  ])
  func findsTheAPIsOwnMessage(body: String, expected: String) {
    expectEqual(message(body), expected)
  }

  @Test func messageIsSanitized() {
    #expect(
      message(#"{"error":"bad \u001b[31mcurrency\u001b[0m\u0007 \u202eevil"}"#)
        == "bad currency evil")
  }

  @Test func longMessageIsCutTo120Characters() {
    let long = String(repeating: "abcdefghij", count: 20)
    let result = message(#"{"error":"\#(long)"}"#)
    expectEqual(result, String(long.prefix(119)) + "…")
    expectEqual(result.count, 120)
  }

  @Test func secretsAreRedacted() {
    #expect(
      message(#"{"error":"key K-123 is wrong, K-123!"}"#, secrets: ["K-123", ""])
        == "key [redacted] is wrong, [redacted]!")
  }

  @Test func excerptIsTheBodysStart() {
    expectEqual(APIErrorMessage.excerpt(of: Data("null".utf8)), "null")
    #expect(
      APIErrorMessage.excerpt(of: Data("line one\nline two\r\n\tend".utf8))
        == "line one line two end")
    #expect(
      APIErrorMessage.excerpt(of: Data("<html><title>Bad Gateway</title></html>".utf8))
        == "an HTML page (Bad Gateway)")
  }

  @Test func excerptOfInvalidUTF8DoesNotCrash() {
    let bytes = Data([0xFF, 0xFE, 0x41, 0xC3])
    expectEqual(APIErrorMessage.excerpt(of: bytes), "\u{FFFD}\u{FFFD}A\u{FFFD}")
  }

  @Test func excerptRedactsSecrets() {
    #expect(
      APIErrorMessage.excerpt(of: Data("token=S3CR3T".utf8), redacting: ["S3CR3T"])
        == "token=[redacted]")
  }
}
