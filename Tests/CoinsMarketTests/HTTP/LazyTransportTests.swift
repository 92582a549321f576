import CoinsHTTP
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct LazyTransportTests {
  @Test func createsTheTransportOnFirstUseOnly() async throws {
    let made = Counter()
    let stub = StubTransport(always: .status(204))
    let lazy = LazyTransport {
      made.increment()
      return stub
    }
    expectEqual(made.value, 0)
    let request = HTTPRequest(url: URL(string: "https://example.test/ping")!)
    try await expectEqual(lazy.send(request).status, 204)
    try await expectEqual(lazy.send(request).status, 204)
    expectEqual(made.value, 1)
    expectEqual(stub.requests, [request, request])
  }
}

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
