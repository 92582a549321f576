import CoinGeckoAPI
import CoinsHTTP
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct DeadlineTests {
  private struct Late: Error, Equatable {}

  @Test func returnsWhatFinishesInTime() async throws {
    let clock = ManualTimeSource(parkingAtLeast: 5)
    let value = try await withDeadline(
      seconds: 5, timeSource: clock, onTimeout: { Late() }, operation: { 42 })
    expectEqual(value, 42)
    #expect(await eventually { clock.parkedCount == 0 })
  }

  @Test func givesUpAtTheDeadlineAndCancelsTheOperation() async {
    let clock = ManualTimeSource(parkingAtLeast: 5)
    let cancelled = StubTransport { _, _ in try await waitForCancellation() }
    let call = Task {
      try await withDeadline(
        seconds: 5, timeSource: clock, onTimeout: { Late() },
        operation: {
          try await cancelled.send(HTTPRequest(url: URL(string: "https://example.test/")!))
        })
    }
    #expect(await eventually { clock.parkedCount == 1 && cancelled.requests.count == 1 })
    clock.advance(by: 5)
    let result = await call.resultCancellingWithCaller
    #expect(throws: Late()) { try result.get() }
  }

  @Test func operationErrorsPassThrough() async {
    let clock = ManualTimeSource(parkingAtLeast: 5)
    await #expect(throws: CoinGeckoError.offline(host: "h")) {
      try await withDeadline(
        seconds: 5, timeSource: clock, onTimeout: { Late() },
        operation: { () async throws -> Int in throw CoinGeckoError.offline(host: "h") })
    }
  }
}
