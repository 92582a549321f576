import CoinsServices
import CoinsUnitTestSupport
import Testing

/// `RefreshSchedule`: the interval while all is well, capped exponential backoff with jitter
/// after failures, the server's `Retry-After` respected, and a reset on success.
@Suite struct RefreshScheduleTests {
  /// The delays after `count` failures in a row.
  private func failures(
    _ count: Int, interval: Double, random: Double, retryAfter: Double? = nil
  ) -> [Double] {
    var schedule = RefreshSchedule(interval: interval)
    return (0..<count).map { _ in schedule.failed(retryAfter: retryAfter, random: random) }
  }

  @Test func successWaitsTheInterval() {
    var schedule = RefreshSchedule(interval: 42.5)
    expectEqual(schedule.succeeded(), 42.5)
    expectEqual(schedule.succeeded(), 42.5)
    expectEqual(schedule.failures, 0)
  }

  @Test func failuresAreCounted() {
    var schedule = RefreshSchedule(interval: 1)
    _ = schedule.failed(retryAfter: nil, random: 0)
    _ = schedule.failed(retryAfter: nil, random: 0)
    expectEqual(schedule.failures, 2)
  }

  @Test func backoffDoublesFromTwoSecondsWithTheLowestJitter() {
    expectEqual(failures(8, interval: 1, random: 0), [1.5, 3, 6, 12, 24, 45, 45, 45])
  }

  @Test func backoffDoublesFromTwoSecondsWithTheHighestJitter() {
    expectEqual(failures(8, interval: 1, random: 1), [2, 4, 8, 16, 32, 60, 60, 60])
  }

  @Test func jitterScalesBetweenThreeQuartersAndTheWholeStep() {
    expectEqual(failures(3, interval: 1, random: 0.5), [1.75, 3.5, 7])
  }

  @Test func backoffIsCappedAtAMinute() {
    let delays = failures(40, interval: 1, random: 1)
    expectEqual(delays.max(), 60)
    expectEqual(delays.last, 60)
  }

  @Test func aLongerIntervalIsTheCap() {
    expectEqual(failures(30, interval: 90, random: 1), Array(repeating: 90, count: 30))
    expectEqual(failures(30, interval: 90, random: 0), Array(repeating: 90, count: 30))
  }

  @Test func aFailureNeverRetriesSoonerThanTheInterval() {
    expectEqual(failures(4, interval: 10, random: 0), [10, 10, 10, 12])
  }

  @Test func manyFailuresDoNotOverflow() {
    expectEqual(failures(1_000, interval: 1, random: 0).last, 45)
  }

  @Test(arguments: [
    (90.0, 90.0),  // above the backoff and its one-minute cap
    (1, 1.5),  // below the backoff: the backoff wins
    (0, 1.5),
    (3_600, 3_600),
    (7_200, 3_600),  // an absurd wish is capped at an hour
  ])
  func retryAfterRaisesTheDelay(retryAfter: Double, expected: Double) {
    expectEqual(failures(1, interval: 1, random: 0, retryAfter: retryAfter), [expected])
  }

  @Test func retryAfterDoesNotStopTheBackoffGrowing() {
    expectEqual(failures(6, interval: 1, random: 1, retryAfter: 10), [10, 10, 10, 16, 32, 60])
  }

  @Test func successResetsTheBackoff() {
    var schedule = RefreshSchedule(interval: 5)
    for _ in 0..<6 { _ = schedule.failed(retryAfter: nil, random: 1) }
    expectEqual(schedule.succeeded(), 5)
    expectEqual(schedule.failures, 0)
    expectEqual(schedule.failed(retryAfter: nil, random: 1), 5)
    expectEqual(schedule.failed(retryAfter: nil, random: 1), 5)
    expectEqual(schedule.failed(retryAfter: nil, random: 1), 8)
    expectEqual(schedule.failures, 3)
  }
}
