import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `CoinDataService.runRefreshLoop`: one request per tick, every tick published in order, sleeps
/// as the schedule says, stale data through failures, recovery, and the ways it ends — all on a
/// virtual clock.
@Suite(.timeLimit(.minutes(1))) struct RefreshLoopTests {
  private static let start = ManualTimeSource.start
  private static let offline =
    "Cannot reach api.coingecko.com: there is no network or the name does not resolve."

  private static let sample = MarketSnapshot(
    coins: Fixtures.threeCoins, currency: "usd", asOf: Date(timeIntervalSince1970: 1_700_000_000),
    source: .sample, staleReason: "sample data bundled with coins")

  /// A snapshot published again as stale.
  private func stale(_ snapshot: MarketSnapshot, _ reason: String, nextRefresh: Date?)
    -> MarketSnapshot
  {
    var copy = snapshot
    copy.source = .cache
    copy.staleReason = reason
    copy.nextRefresh = nextRefresh
    return copy
  }

  private func cache(in directory: TemporaryDirectory, age: Double) throws -> MarketCache {
    let cache = MarketCache(directory: directory.url.appendingPathComponent("coins"))
    try cache.store(Fixtures.snapshot(asOf: Self.start - age))
    return cache
  }

  // MARK: Requests and publishing

  @Test func eachTickAsksOnceAndPublishesInOrder() async {
    let harness = WatchHarness([.ok])
    let (published, error) = await harness.run(interval: 10, ticks: 4)
    #expect(error == nil)
    expectEqual(harness.transport.requests.count, 4)
    for request in harness.transport.requests {
      #expect(request.url.path.hasSuffix("/coins/markets"))
      expectEqual(request.query("page"), "1")
      expectEqual(request.query("vs_currency"), "usd")
    }
    expectEqual(published.map(\.asOf), [0, 10, 20, 30].map { Self.start + $0 })
    expectEqual(published.map(\.source), [.live, .live, .live, .live])
    #expect(published.allSatisfy { $0.staleReason == nil })
    #expect(
      published.map { $0.coin(id: "bitcoin")?.price } == (0..<4).map(WatchMarket.bitcoinPrice))
    await expectEqual(harness.service.latest, published.last)
  }

  @Test func extraCoinsOutsideThePageCostOneIDsRequestPerTick() async {
    let harness = WatchHarness([.ok])
    let request = MarketRequest(count: 3, extraIDs: ["bitcoin", "zcoin"], maxAge: 60)
    let (published, error) = await harness.run(request, interval: 10, ticks: 3)
    #expect(error == nil)
    expectEqual(harness.pageRequests.count, 3)
    #expect(
      harness.transport.requests.map { $0.query("ids") } == [
        nil, "zcoin", nil, "zcoin", nil, "zcoin",
      ])
    expectEqual(published.count, 3)
    #expect(published.allSatisfy { $0.coin(id: "zcoin") != nil && $0.coins.count == 4 })
  }

  @Test func extraCoinsOnThePageCostNothing() async {
    let harness = WatchHarness([.ok])
    let request = MarketRequest(count: 3, extraIDs: ["ethereum"], maxAge: 60)
    _ = await harness.run(request, interval: 10, ticks: 3)
    expectEqual(harness.transport.requests.count, 3)
    #expect(harness.idsRequests.isEmpty)
  }

  @Test func noTickPassesAFreshCacheOffAsLive() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A cache 10 s old, well within the request's 60 s: the first tick still asks the API.
    let harness = WatchHarness([.ok], cache: try cache(in: directory, age: 10))
    let (published, _) = await harness.run(interval: 10, ticks: 3)
    expectEqual(harness.transport.requests.count, 3)
    expectEqual(published.map(\.asOf), [Self.start, Self.start + 10, Self.start + 20])
    expectEqual(published.map(\.source), [.live, .live, .live])
  }

  @Test func aStandInFromAFreshCacheIsLabelledCached() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let harness = WatchHarness([.ok], cache: try cache(in: directory, age: 10))
    let published = await harness.service.publishStandIn(currency: "usd", sampleToo: false) {
      _ in "not yet"
    }
    #expect(published)
    let standIn = await harness.service.latest
    expectEqual(standIn?.source, .cache)
    expectEqual(standIn?.staleReason, "not yet")
    expectEqual(standIn?.asOf, Self.start - 10)
  }

  // MARK: Sleeps

  @Test(
    arguments: [
      (0, [1, 1.5, 3, 6, 1]), (1, [1, 2, 4, 8, 1]), (0.5, [1, 1.75, 3.5, 7, 1]),
    ] as [(Double, [Double])])
  func sleepsFollowTheSchedule(random: Double, expected: [Double]) async {
    let script: [WatchHarness.Answer] = [.ok, .status(500), .status(503), .offline, .ok, .ok]
    let harness = WatchHarness(script)
    _ = await harness.run(interval: 1, ticks: 6, random: random)
    expectEqual(harness.clock.sleeps, expected)
  }

  @Test func theIntervalIsTheShortestWaitAfterAFailure() async {
    let harness = WatchHarness([.ok, .offline, .offline, .offline, .offline, .ok])
    _ = await harness.run(interval: 10, ticks: 6)
    expectEqual(harness.clock.sleeps, [10, 10, 10, 10, 12])
  }

  @Test(arguments: [("120", 120.0), ("7200", 3_600), ("1", 10)])
  func rateLimitWaitsAtLeastRetryAfter(header: String, expected: Double) async {
    let harness = WatchHarness([.ok, .status(429, headers: ["Retry-After": header]), .ok])
    let (published, error) = await harness.run(interval: 10, ticks: 3)
    #expect(error == nil)
    expectEqual(harness.clock.sleeps, [10, expected])
    expectEqual(published.map(\.source), [.live, .cache, .live])
    #expect(
      published[1].staleReason?.hasPrefix(
        "Rate limited by CoinGecko (HTTP 429): CoinGecko's rate limit was reached; ") == true)
  }

  // MARK: Failures and recovery

  @Test func aFailureAfterASuccessRepublishesTheLastGoodDataMarkedStale() async {
    let harness = WatchHarness([.ok, .offline, .status(503)])
    let (published, error) = await harness.run(interval: 10, ticks: 3)
    #expect(error == nil)
    expectEqual(published.count, 3)
    expectEqual(published[1], stale(published[0], Self.offline, nextRefresh: Self.start + 20))
    // The last tick has no next refresh.
    expectEqual(published[2], stale(published[0], "CoinGecko answered HTTP 503.", nextRefresh: nil))
    expectEqual(published[2].asOf, Self.start)
  }

  @Test func aFailureBeforeAnySuccessFallsBackToTheCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = try cache(in: directory, age: 300)
    let harness = WatchHarness([.offline, .ok], cache: cache, sample: Self.sample)
    let (published, error) = await harness.run(interval: 10, ticks: 2)
    #expect(error == nil)
    expectEqual(harness.transport.requests.count, 2)
    var expected = Fixtures.snapshot(
      asOf: Self.start - 300, source: .cache, staleReason: Self.offline)
    expected.nextRefresh = Self.start + 10
    expectEqual(published.first, expected)
    expectEqual(published.last?.source, .live)
    expectEqual(cache.load(currency: "usd")?.asOf, Self.start + 10)
  }

  @Test func aFailureBeforeAnySuccessWithoutACacheFallsBackToTheSample() async {
    let harness = WatchHarness([.offline, .ok], sample: Self.sample)
    let (published, _) = await harness.run(interval: 10, ticks: 2)
    var expected = Self.sample
    expected.staleReason = Self.offline
    expected.nextRefresh = Self.start + 10
    expectEqual(published.first, expected)
    expectEqual(published.last?.source, .live)
  }

  @Test func aFailureWithNothingToShowPublishesNothingAndGoesOn() async {
    let harness = WatchHarness([.offline, .ok], handshake: false)
    let (published, error) = await harness.run(interval: 10, ticks: 2)
    #expect(error == nil)
    expectEqual(published.map(\.asOf), [Self.start + 10])
    expectEqual(harness.clock.sleeps, [10])
  }

  @Test func recoveryPublishesLiveDataAgain() async {
    let harness = WatchHarness([.ok, .status(500), .offline, .ok])
    let (published, _) = await harness.run(interval: 1, ticks: 4)
    expectEqual(published.map(\.source), [.live, .cache, .cache, .live])
    expectEqual(published.map(\.asOf), [0, 0, 0, 5.5].map { Self.start + $0 })
    #expect(published[3].staleReason == nil)
    expectEqual(published[3].coin(id: "bitcoin")?.price, WatchMarket.bitcoinPrice(tick: 3))
  }

  @Test(arguments: [400, 401, 404])
  func anErrorThatIsTheUsersEndsTheLoop(status: Int) async {
    let harness = WatchHarness([.ok, .status(status), .ok])
    let (published, error) = await harness.run(interval: 10, ticks: 5)
    expectEqual(error, .httpStatus(code: status, message: ""))
    expectEqual(harness.transport.requests.count, 2)
    expectEqual(published.count, 1)
    expectEqual(harness.clock.sleeps, [10])
  }

  @Test func anErrorThatIsTheUsersOnTheFirstTickIsNotHidden() async {
    let harness = WatchHarness([.status(400)], sample: Self.sample, handshake: false)
    let (published, error) = await harness.run(interval: 10, ticks: 5)
    expectEqual(error, .httpStatus(code: 400, message: ""))
    #expect(published.isEmpty)
    #expect(harness.clock.sleeps.isEmpty)
  }

  // MARK: Next refresh and cancellation

  /// Starts the loop without a tick limit, in its own task.
  private func startParked(_ harness: WatchHarness, interval: Double) -> Task<Void, any Error> {
    let service = harness.service
    return Task {
      try await service.runRefreshLoop(
        MarketRequest(count: 3, maxAge: 60), interval: interval, random: { 0 })
    }
  }

  @Test func nextRefreshIsNowPlusTheDelay() async throws {
    let retryAfter = ["Retry-After": "300"]
    let harness = WatchHarness(
      [.ok, .status(429, headers: retryAfter), .ok], parkingAtLeast: 30, handshake: false)
    let clock = harness.clock
    let loop = startParked(harness, interval: 60)
    defer { loop.cancel() }

    #expect(await eventually { clock.parkedCount == 1 })
    await expectEqual(harness.service.nextRefresh, Self.start + 60)
    await expectEqual(harness.service.latest?.nextRefresh, Self.start + 60)

    clock.advance(by: 60)
    #expect(await eventually { clock.parkedCount == 1 && clock.parkedSleeps.count == 2 })
    expectEqual(harness.transport.requests.count, 2)
    await expectEqual(harness.service.nextRefresh, Self.start + 360)

    clock.advance(by: 300)
    #expect(await eventually { clock.parkedSleeps.count == 3 })
    await expectEqual(harness.service.nextRefresh, Self.start + 420)
    expectEqual(clock.parkedSleeps, [60, 300, 60])
  }

  /// `R`: the wait ends at once, the refresh is made, and the next one is an interval after it
  /// — on a clock that starts again there, not the old one.
  @Test func refreshNowRefreshesAtOnceAndCountsTheIntervalFromThere() async throws {
    let harness = WatchHarness([.ok], parkingAtLeast: 30, handshake: false)
    let clock = harness.clock
    let loop = Task {
      try await harness.service.runRefreshLoop(
        MarketRequest(count: 3, maxAge: 60), interval: 60, clockStart: Self.start,
        random: { 0 })
    }
    defer { loop.cancel() }
    #expect(await eventually { clock.parkedCount == 1 })
    await expectEqual(harness.service.latest?.nextRefresh, Self.start + 60)

    clock.advance(by: 25)  // 35 s before the refresh due at +60
    #expect(await harness.service.refreshNow(at: Self.start + 25))
    #expect(await eventually { clock.parkedSleeps.count == 2 && clock.parkedCount == 1 })
    expectEqual(harness.transport.requests.count, 2)
    // 25 + 60 = 85, not the old clock's 60 or 120; the sleep is the whole interval.
    await expectEqual(harness.service.latest?.nextRefresh, Self.start + 85)
    await expectEqual(harness.service.nextRefresh, Self.start + 85)
    expectEqual(clock.parkedSleeps, [60, 60])

    clock.advance(by: 60)
    #expect(await eventually { clock.parkedSleeps.count == 3 })
    await expectEqual(harness.service.latest?.nextRefresh, Self.start + 145)
  }

  @Test func refreshNowDuringARequestAsksNothingMore() async throws {
    let harness = WatchHarness([.never], handshake: false)
    let loop = startParked(harness, interval: 10)
    defer { loop.cancel() }
    #expect(await eventually { harness.transport.requests.count == 1 })
    await expectEqual(harness.service.refreshNow(at: Self.start), false)
    expectEqual(harness.transport.requests.count, 1)
  }

  @Test func cancellingWhileWaitingEndsTheLoop() async throws {
    let harness = WatchHarness([.ok], parkingAtLeast: 30, handshake: false)
    let loop = startParked(harness, interval: 60)
    #expect(await eventually { harness.clock.parkedCount == 1 })
    loop.cancel()
    let result = await loop.resultCancellingWithCaller
    #expect((try? result.get()) != nil)
    harness.clock.advance(by: 3_600)
    expectEqual(harness.transport.requests.count, 1)
  }

  @Test func cancellingDuringARequestEndsTheLoop() async throws {
    let harness = WatchHarness([.never], handshake: false)
    let loop = startParked(harness, interval: 10)
    #expect(await eventually { harness.transport.requests.count == 1 })
    loop.cancel()
    let result = await loop.resultCancellingWithCaller
    #expect((try? result.get()) != nil)
    expectEqual(harness.transport.requests.count, 1)
  }

  @Test
  func cancellingDuringARequestPublishesNoFalseStaleData() async throws {
    let harness = WatchHarness([.ok, .never], handshake: false)
    let consumer = await harness.subscribe()
    let loop = startParked(harness, interval: 10)
    #expect(await eventually { harness.transport.requests.count == 2 })
    loop.cancel()
    _ = await loop.resultCancellingWithCaller
    await harness.service.finish()
    await consumer.valueCancellingWithCaller
    expectEqual(harness.recorder.items.map(\.source), [.live])
  }
}
