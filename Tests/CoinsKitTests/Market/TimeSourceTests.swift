import Foundation
import Testing

@testable import CoinsKit

@Suite(.timeLimit(.minutes(1))) struct TimeSourceTests {
  @Test func systemClockTellsTheTime() {
    let before = Date()
    let now = SystemTimeSource().now()
    #expect(now >= before)
    #expect(now.timeIntervalSince(before) < 60)
  }

  @Test func zeroSleepReturnsAtOnce() async throws {
    try await SystemTimeSource().sleep(seconds: 0)
    try await SystemTimeSource().sleep(seconds: -5)
  }

  @Test func cancelledSleepThrows() async {
    let sleeper = Task { try await SystemTimeSource().sleep(seconds: 86_400) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }
}
