import CoinGeckoAPI
import CoinsUnitTestSupport
import Testing

@Suite struct RetryPolicyTests {
  @Test func defaults() {
    let policy = RetryPolicy()
    expectEqual(policy.maxAttempts, 4)
    expectEqual(policy.baseDelay, 0.5)
    expectEqual(policy.maxDelay, 8)
    expectEqual(RetryPolicy.none.maxAttempts, 1)
  }

  @Test(arguments: [
    (0, 0.0, 0.25), (0, 0.5, 0.375), (1, 0, 0.5), (2, 0, 1), (3, 0, 2), (4, 0, 4), (5, 0, 4),
    (12, 0.5, 6), (60, 0, 4),
  ])
  func backoffDoublesWithEqualJitterUpToTheCap(retry: Int, random: Double, expected: Double) {
    expectEqual(RetryPolicy().delay(retry: retry, random: random, serverAsked: nil), expected)
  }

  @Test func neverShorterThanTheServerAsked() {
    let policy = RetryPolicy()
    expectEqual(policy.delay(retry: 0, random: 0, serverAsked: 7), 7)
    expectEqual(policy.delay(retry: 5, random: 0, serverAsked: 0), 4)
    // A wait the server asked for is at least a second, even one whose time has passed.
    expectEqual(policy.delay(retry: 0, random: 0, serverAsked: 0.1), 1)
    expectEqual(policy.delay(retry: 0, random: 0, serverAsked: 0), 1)
  }

  @Test func customBaseAndCap() {
    let policy = RetryPolicy(maxAttempts: 6, baseDelay: 1, maxDelay: 3)
    expectEqual(policy.delay(retry: 0, random: 0, serverAsked: nil), 0.5)
    expectEqual(policy.delay(retry: 1, random: 0, serverAsked: nil), 1)
    expectEqual(policy.delay(retry: 2, random: 0, serverAsked: nil), 1.5)
    #expect(policy.delay(retry: 9, random: 0.999_999, serverAsked: nil) < 3)
  }
}
