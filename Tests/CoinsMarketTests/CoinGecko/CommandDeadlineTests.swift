import CoinGeckoAPI
import CoinsUnitTestSupport
import Foundation
import Testing

/// A one-shot command's deadline is shared by every request it makes.
@Suite struct CommandDeadlineTests {
  private func client(_ transport: StubTransport, endOfCommand: Date?) -> CoinGeckoClient {
    var client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(baseURL: "http://127.0.0.1:1/api/v3"),
      transport: transport, retryPolicy: .none, timeSource: ManualTimeSource())
    client.endOfCommand = endOfCommand
    return client
  }

  @Test func aCallAfterTheCommandsDeadlineFailsWithoutARequest() async {
    let transport = StubTransport(always: .body("[]"))
    let past = ManualTimeSource.start.addingTimeInterval(-1)

    await #expect(throws: CoinGeckoError.timedOut(seconds: 30)) {
      _ = try await client(transport, endOfCommand: past).markets(currency: "usd", page: 1)
    }
    #expect(transport.requests.isEmpty)
  }

  @Test func aCallBeforeTheDeadlineRuns() async throws {
    let transport = StubTransport(always: .body("[]"))
    // Far enough ahead that the deadline's sleep parks on the virtual clock (sleeps under 30 s
    // return at once there, and would race the answer).
    let future = ManualTimeSource.start.addingTimeInterval(60)

    let coins = try await client(transport, endOfCommand: future).markets(currency: "usd", page: 1)

    #expect(coins.isEmpty)
    expectEqual(transport.requests.count, 1)
  }
}
