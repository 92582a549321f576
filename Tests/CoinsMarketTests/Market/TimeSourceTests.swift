import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct TimeSourceTests {
  @Test func systemClockTellsTheTime() {
    let before = Date()
    let now = SystemTimeSource().now()
    #expect(now >= before)
    #expect(now.timeIntervalSince(before) < 60)
  }

  @Test func zeroOrNegativeSleepReturnsWithoutWaitingUnlessCancelled() async throws {
    // Were these real sleeps, the race below would be won by the 60-second one never.
    let winner = await withTaskGroup(of: String.self) { group in
      group.addTask {
        try? await SystemTimeSource().sleep(seconds: 0)
        try? await SystemTimeSource().sleep(seconds: -5)
        return "zero"
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        return "minute"
      }
      let first = await group.next()
      group.cancelAll()
      return first
    }
    expectEqual(winner, "zero")
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await SystemTimeSource().sleep(seconds: 0)
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test func cancelledSleepThrows() async {
    let sleeper = Task { try await SystemTimeSource().sleep(seconds: 86_400) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }
}
