import CoinGeckoAPI
import CoinsHTTP
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct RetryAfterTests {
  /// 2025-07-25T14:53:48Z.
  private let now = ManualTimeSource.start

  private func seconds(_ headers: [String: String]) -> Double? {
    RetryAfter.seconds(in: HTTPResponse(status: 429, headers: headers).headers, now: now)
  }

  @Test(
    arguments: [
      (["Retry-After": "7"], 7.0),
      (["retry-after": " 30 "], 30),
      (["Retry-After": "0"], 0),
      (["Retry-After": "1.5"], 1.5),
      (["Retry-After": "Fri, 25 Jul 2025 14:54:00 GMT"], 12),
      (["Retry-After": "Fri, 25 Jul 2025 14:50:00 GMT"], 0),
      (["x-ratelimit-reset": "2025-07-25 14:54:00 +0000"], 12),
      (["X-RateLimit-Reset": "2025-07-25 16:54:30 +0200"], 42),
      (["x-ratelimit-reset": "2025-07-25 14:00:00 +0000"], 0),
      (["x-ratelimit-reset": "1753455288"], 60),
      (["Retry-After": "5", "x-ratelimit-reset": "2025-07-25 14:54:00 +0000"], 5),
      (["Retry-After": "soon", "x-ratelimit-reset": "2025-07-25 14:54:00 +0000"], 12),
    ] as [([String: String], Double)])
  func readsTheWait(headers: [String: String], expected: Double) {
    expectEqual(seconds(headers), expected)
  }

  @Test(
    arguments: [
      [:], ["Retry-After": "soon"], ["Retry-After": "-3"], ["Retry-After": "inf"],
      ["x-ratelimit-reset": "tomorrow"], ["x-ratelimit-reset": "60"], ["x-ratelimit-limit": "30"],
    ] as [[String: String]])
  func saysNothingWhenTheHeadersSayNothingUsable(headers: [String: String]) {
    #expect(seconds(headers) == nil)
  }

  @Test func parsesBothDateForms() {
    #expect(
      RetryAfter.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")
        == Date(timeIntervalSince1970: 784_111_777))
    expectEqual(RetryAfter.parseResetDate("2025-07-25 14:54:00 +0000"), now + 12)
    #expect(RetryAfter.parseHTTPDate("2025-07-25 14:54:00 +0000") == nil)
    #expect(RetryAfter.parseResetDate("Fri, 25 Jul 2025 14:54:00 GMT") == nil)
  }

  @Test func readsOffsetsAndRefusesMalformedDates() {
    // 14:54 at +02:00 is 12:54 UTC: two hours before `now + 12`.
    expectEqual(RetryAfter.parseResetDate("2025-07-25 14:54:00 +0200"), now + 12 - 7200)
    expectEqual(RetryAfter.parseResetDate("2025-07-25 14:54:00 -0130"), now + 12 + 5400)
    #expect(
      RetryAfter.parseHTTPDate("Tue, 29 Feb 2028 23:59:59 UTC")
        == Date(timeIntervalSince1970: 1_835_481_599))
    for text in [
      "Sun, 06 Nov 1994 08:49:37 CET", "Sun 06 Nov 1994 08:49:37 GMT",
      "Sun, 6 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nob 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 25:00:00 GMT",
      "Sun, 06 Nov 1994 08:49 GMT",
    ] {
      #expect(RetryAfter.parseHTTPDate(text) == nil, "\(text)")
    }
    for text in ["2025-07-25 14:54:00", "2025-07-25 14:54:00 0000", "2025-07-25T14:54:00 +0000"] {
      #expect(RetryAfter.parseResetDate(text) == nil, "\(text)")
    }
  }
}
