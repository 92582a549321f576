import CoinsHTTP
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct HTTPTransportTests {
  @Test func responseHeaderNamesAreLowerCased() {
    let response = HTTPResponse(
      status: 429, headers: ["Retry-After": "7", "X-RateLimit-Reset": "2025-07-25 14:54:00 +0000"])
    #expect(
      response.headers == ["retry-after": "7", "x-ratelimit-reset": "2025-07-25 14:54:00 +0000"])
  }

  @Test func requestDefaults() {
    let request = HTTPRequest(url: URL(string: "https://example.test/")!)
    expectEqual(request.headers, [:])
    expectEqual(request.timeout, 10)
  }
}
