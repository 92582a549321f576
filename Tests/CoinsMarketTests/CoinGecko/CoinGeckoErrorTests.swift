import CoinGeckoAPI
import CoinsUnitTestSupport
import Testing

@Suite struct CoinGeckoErrorTests {
  @Test(arguments: [
    (
      CoinGeckoError.unreachable(host: "api.coingecko.com", detail: "connection refused"), true,
      true
    ),
    (.offline(host: "api.coingecko.com"), true, false),
    (.timedOut(seconds: 30), true, true),
    (.rateLimited(retryAfter: 5), true, true),
    (.rateLimited(retryAfter: nil), true, true),
    (.undecodable(excerpt: "x"), true, false),
    (.bodyTooLarge(limit: 1_048_576), true, false),
    (.httpStatus(code: 500, message: ""), true, true),
    (.httpStatus(code: 503, message: ""), true, true),
    (.httpStatus(code: 408, message: ""), true, true),
    (.httpStatus(code: 403, message: ""), true, false),
    (.httpStatus(code: 400, message: "invalid vs_currency"), false, false),
    (.httpStatus(code: 401, message: ""), false, false),
    (.httpStatus(code: 404, message: ""), false, false),
    (.invalidBaseURL("ftp://x"), false, false),
  ])
  func classification(error: CoinGeckoError, transient: Bool, retryable: Bool) {
    expectEqual(error.isTransient, transient)
    expectEqual(error.isRetryable, retryable)
  }

  @Test(arguments: [
    (
      CoinGeckoError.unreachable(host: "api.coingecko.com", detail: "connection refused"),
      "Cannot reach api.coingecko.com (connection refused)."
    ),
    (
      .offline(host: "api.coingecko.com"),
      "Cannot reach api.coingecko.com: there is no network or the name does not resolve."
    ),
    (.timedOut(seconds: 30), "CoinGecko did not answer within 30 s."),
    (.timedOut(seconds: 2.5), "CoinGecko did not answer within 3 s."),
    (
      .rateLimited(retryAfter: 41.2),
      "CoinGecko's rate limit was reached; it asks to wait 42 s. A free Demo key "
        + "(COINGECKO_DEMO_API_KEY) raises the limit."
    ),
    (
      .rateLimited(retryAfter: nil),
      "CoinGecko's rate limit was reached; try again in a minute. A free Demo key "
        + "(COINGECKO_DEMO_API_KEY) raises the limit."
    ),
    (
      .httpStatus(code: 400, message: "invalid vs_currency"),
      "CoinGecko answered HTTP 400: invalid vs_currency."
    ),
    (.httpStatus(code: 502, message: ""), "CoinGecko answered HTTP 502."),
    (
      .undecodable(excerpt: "<oops>"), "CoinGecko sent an answer coins cannot read: <oops>."
    ),
    (
      .bodyTooLarge(limit: 16 * 1_048_576),
      "CoinGecko's answer was larger than 16 MB and was refused."
    ),
    (
      .invalidBaseURL("ftp://x"), "COINGECKO_BASE_URL is not an http(s) URL: ftp://x."
    ),
  ])
  func messages(error: CoinGeckoError, message: String) {
    expectEqual(error.message, message)
  }

  @Test func messagesAreOneLine() {
    let errors: [CoinGeckoError] = [
      .unreachable(host: "h", detail: "d"), .offline(host: "h"), .timedOut(seconds: 1),
      .rateLimited(retryAfter: 1e300), .httpStatus(code: 500, message: "m"),
      .undecodable(excerpt: ""), .bodyTooLarge(limit: 1), .invalidBaseURL("u"),
    ]
    for error in errors {
      #expect(!error.message.contains("\n"))
      #expect(!error.message.hasPrefix("Error"))
    }
  }
}
