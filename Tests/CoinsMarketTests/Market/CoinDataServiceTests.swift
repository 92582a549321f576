import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Synchronization
import Testing

/// `CoinDataService.snapshot(for:)`: cache ageing, paging, extra ids and honest fallbacks.
@Suite(.timeLimit(.minutes(1))) struct CoinDataServiceTests {
  private let clock = ManualTimeSource()

  /// Answers `/coins/markets` pages with ``Fixtures/page(_:size:)`` and id requests with one
  /// coin per id.
  private static func market(pageSize: Int = 250) -> StubTransport {
    StubTransport { request, _ in
      if let ids = request.query("ids") {
        let coins = ids.split(separator: ",").map {
          MarketFixture(id: String($0), symbol: "x", name: String($0), rank: nil, price: 1)
        }
        return HTTPResponse(status: 200, body: Data(Fixtures.body(coins).utf8))
      }
      let page = Int(request.query("page") ?? "") ?? 0
      return HTTPResponse(
        status: 200, body: Data(Fixtures.body(Fixtures.page(page, size: pageSize)).utf8))
    }
  }

  private func service(
    _ transport: StubTransport, cache: MarketCache?, sample: MarketSnapshot? = nil
  ) -> CoinDataService {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    return CoinDataService(
      client: client, cache: cache, sampleLoader: { sample }, timeSource: clock)
  }

  /// The cache folder is made for an answer to keep, and only then: an error or an empty
  /// answer leaves none behind.
  @Test(arguments: [200, 503, 0])
  func aFirstFetchLeavesTheFolderOnlyWithTheAnswerInIt(status: Int) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = directory.url.appendingPathComponent("cache/coins")
    let body = status == 200 ? Fixtures.body(Fixtures.page(1)) : status == 0 ? "[]" : "busy"
    let transport = StubTransport { _, _ in
      HTTPResponse(status: status == 0 ? 200 : status, body: Data(body.utf8))
    }
    _ = try? await service(transport, cache: MarketCache(directory: folder))
      .snapshot(for: MarketRequest(count: 250))
    let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    expectEqual(names, (status == 200 ? ["markets-usd.v3.bin"] : nil))
  }

  private func cached(_ directory: TemporaryDirectory, age: Double, currency: String = "usd")
    throws -> MarketCache
  {
    let cache = MarketCache(directory: directory.url.appendingPathComponent("coins"))
    var snapshot = Fixtures.snapshot(asOf: clock.now() - age)
    snapshot.currency = currency
    try cache.store(snapshot)
    return cache
  }

  private func result(_ service: CoinDataService, _ request: MarketRequest) async
    -> Result<MarketSnapshot, CoinGeckoError>
  {
    do {
      return .success(try await service.snapshot(for: request))
    } catch {
      return .failure(error)
    }
  }

  private static let sample = MarketSnapshot(
    coins: Fixtures.threeCoins, currency: "usd", asOf: Date(timeIntervalSince1970: 1_700_000_000),
    source: .sample, staleReason: "sample data bundled with coins")

  // MARK: Cache ageing

  @Test func freshCacheIsUsedWithoutAnyRequest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 59)
    let snapshot = try await service(transport, cache: cache)
      .snapshot(for: MarketRequest(count: 3, maxAge: 60))
    #expect(transport.requests.isEmpty)
    expectEqual(snapshot, Fixtures.snapshot(asOf: clock.now() - 59))
  }

  @Test func cacheAtMaxAgeIsRefreshed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 60)
    let snapshot = try await service(transport, cache: cache)
      .snapshot(for: MarketRequest(count: 3, maxAge: 60))
    expectEqual(transport.requests.count, 1)
    expectEqual(snapshot.source, .live)
    expectEqual(snapshot.asOf, clock.now())
    expectEqual(snapshot.top(3).map(\.id), ["coin-1", "coin-2", "coin-3"])
  }

  @Test func maxAgeZeroAlwaysAsks() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 0)
    let service = service(transport, cache: cache)
    _ = try await service.snapshot(for: MarketRequest(count: 3, maxAge: 0))
    _ = try await service.snapshot(for: MarketRequest(count: 3, maxAge: 0))
    expectEqual(transport.requests.count, 2)
  }

  @Test func cacheFromTheFutureIsNotTrusted() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: -3600)
    _ = try await service(transport, cache: cache).snapshot(for: MarketRequest(count: 3))
    expectEqual(transport.requests.count, 1)
  }

  @Test func cacheWithTooFewCoinsIsRefreshed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 1)
    _ = try await service(transport, cache: cache).snapshot(for: MarketRequest(count: 4))
    expectEqual(transport.requests.count, 1)
  }

  @Test func cacheWithoutTheExtraCoinsIsRefreshed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 1)
    let service = service(transport, cache: cache)
    _ = try await service.snapshot(for: MarketRequest(count: 3, extraIDs: ["bitcoin"]))
    #expect(transport.requests.isEmpty)
    _ = try await service.snapshot(for: MarketRequest(count: 3, extraIDs: ["monero"]))
    expectEqual(transport.requests.count, 2)
  }

  @Test func cacheIsPerCurrency() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.market()
    let cache = try cached(directory, age: 1, currency: "eur")
    let snapshot = try await service(transport, cache: cache)
      .snapshot(for: MarketRequest(currency: "USD", count: 3))
    expectEqual(transport.requests.map { $0.query("vs_currency") }, ["usd"])
    expectEqual(snapshot.currency, "usd")
  }

  @Test func liveAnswerIsStoredInTheCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url.appendingPathComponent("coins"))
    let snapshot = try await service(Self.market(), cache: cache)
      .snapshot(for: MarketRequest(count: 3))
    expectEqual(cache.load(currency: "usd"), snapshot)
    expectEqual(directory.contents(of: "coins"), ["markets-usd.v3.bin"])
  }

  // MARK: Pages and ids

  @Test(arguments: [
    (1, [1]), (20, [1]), (250, [1]), (251, [1, 2]), (500, [1, 2]), (750, [1, 2, 3]),
    (1000, [1, 2, 3, 4]),
  ])
  func fetchesEachNeededPageExactlyOnce(count: Int, pages: [Int]) async throws {
    let transport = Self.market()
    let snapshot = try await service(transport, cache: nil)
      .snapshot(for: MarketRequest(count: count))
    let asked = transport.requests.compactMap { $0.query("page").flatMap { Int($0) } }
    expectEqual(asked.sorted(), pages)
    #expect(transport.requests.allSatisfy { $0.query("per_page") == "250" })
    expectEqual(snapshot.coins.count, pages.count * 250)
    expectEqual(snapshot.top(count).map(\.rank), Array(1...count))
  }

  @Test func pagesAreFetchedAFewAtATime() async throws {
    let gauge = InFlightGauge()
    let transport = StubTransport { request, _ in
      gauge.enter()
      // Wait (a bounded number of turns) for a second request to overlap this one; a service
      // that fetched one page at a time would never let it.
      for _ in 0..<20_000 where gauge.current < CoinDataService.maxConcurrentPages {
        await Task.yield()
      }
      gauge.leave()
      let page = Int(request.query("page") ?? "") ?? 0
      return HTTPResponse(status: 200, body: Data(Fixtures.body(Fixtures.page(page)).utf8))
    }
    _ = try await service(transport, cache: nil).snapshot(for: MarketRequest(count: 1000))
    expectEqual(transport.requests.count, 4)
    expectEqual(CoinDataService.maxConcurrentPages, 2)
    expectEqual(gauge.maximum, 2)
  }

  @Test func overlappingPagesKeepEachCoinOnce() async throws {
    let transport = StubTransport { request, _ in
      let page = Int(request.query("page") ?? "") ?? 0
      var coins = Fixtures.page(page)
      if page == 2 { coins[0] = Fixtures.page(1)[249] }
      return HTTPResponse(status: 200, body: Data(Fixtures.body(coins).utf8))
    }
    let snapshot = try await service(transport, cache: nil)
      .snapshot(for: MarketRequest(count: 500))
    expectEqual(snapshot.coins.count, 499)
    expectEqual(Set(snapshot.coins.map(\.id)).count, 499)
  }

  @Test func aCoinTwiceInOneAnswerIsKeptOnceWhereItFirstCame() async throws {
    var coins = Fixtures.page(1)
    coins[5] = coins[2]
    let expected = Fixtures.page(1).map(\.id).enumerated().filter { $0.offset != 5 }.map(\.element)
    let body = Data(Fixtures.body(coins).utf8)
    let transport = StubTransport { _, _ in HTTPResponse(status: 200, body: body) }
    let snapshot = try await service(transport, cache: nil)
      .snapshot(for: MarketRequest(count: 250))
    expectEqual(snapshot.coins.map(\.id), expected)
  }

  @Test func extraIDsAreFetchedInOneRequest() async throws {
    let transport = Self.market()
    let snapshot = try await service(transport, cache: nil)
      .snapshot(for: MarketRequest(count: 3, extraIDs: ["coin-7", "monero", "zcash"]))
    expectEqual(transport.requests.count, 2)
    expectEqual(transport.requests.compactMap { $0.query("ids") }, ["monero,zcash"])
    expectEqual(snapshot.coin(id: "monero")?.name, "monero")
    #expect(snapshot.coin(id: "zcash") != nil)
    expectEqual(snapshot.coins.count, 252)
  }

  @Test func manyExtraIDsAreBatchedBy250() async throws {
    let transport = Self.market()
    let extra = (1...300).map { "extra-\($0)" }
    let snapshot = try await service(transport, cache: nil)
      .snapshot(for: MarketRequest(count: 3, extraIDs: extra))
    let batches = transport.requests.compactMap { $0.query("ids") }
    #expect(
      batches == [extra[0..<250].joined(separator: ","), extra[250...].joined(separator: ",")])
    expectEqual(snapshot.coins.count, 550)
  }

  // MARK: Fallbacks

  @Test func transientFailureFallsBackToTheCacheOfAnyAge() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .status(503))
    let cache = try cached(directory, age: 7 * 86_400)
    let snapshot = try await service(transport, cache: cache, sample: Self.sample)
      .snapshot(for: MarketRequest(count: 3))
    expectEqual(transport.requests.count, 1)
    #expect(
      snapshot
        == Fixtures.snapshot(
          asOf: clock.now() - 7 * 86_400, source: .cache,
          staleReason: "CoinGecko answered HTTP 503."))
  }

  @Test func transientFailureWithoutCacheFallsBackToTheSample() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    let cache = MarketCache(directory: directory.url)
    let snapshot = try await service(transport, cache: cache, sample: Self.sample)
      .snapshot(for: MarketRequest(count: 3))
    var expected = Self.sample
    expected.staleReason =
      "Cannot reach api.coingecko.com: there is no network or the name does not resolve."
    expectEqual(snapshot, expected)
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func transientFailureWithNothingToFallBackOnIsThrown() async {
    let transport = StubTransport(always: .failure(.unreachable("connection refused")))
    let result = await result(service(transport, cache: nil), MarketRequest(count: 3))
    #expect(
      result == .failure(.unreachable(host: "api.coingecko.com", detail: "connection refused")))
  }

  @Test func usersOwnErrorIsThrownEvenWithACache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .body(#"{"error":"invalid vs_currency"}"#, status: 400))
    let cache = try cached(directory, age: 600, currency: "xyz")
    let result = await result(
      service(transport, cache: cache, sample: Self.sample), MarketRequest(currency: "xyz"))
    expectEqual(result, .failure(.httpStatus(code: 400, message: "invalid vs_currency")))
  }

  @Test func noFallbackWhenNotAllowed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.timedOut))
    let cache = try cached(directory, age: 600)
    let result = await result(
      service(transport, cache: cache, sample: Self.sample),
      MarketRequest(count: 3, allowFallback: false))
    expectEqual(result, .failure(.timedOut(seconds: 10)))
  }

  @Test func freshCacheIsUsedEvenWhenFallbackIsOff() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport(always: .failure(.timedOut))
    let cache = try cached(directory, age: 5)
    let snapshot = try await service(transport, cache: cache)
      .snapshot(for: MarketRequest(count: 3, allowFallback: false))
    expectEqual(snapshot.source, .live)
    #expect(transport.requests.isEmpty)
  }

  @Test func failedPageFailsTheWholeFetch() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport { request, _ in
      let page = Int(request.query("page") ?? "") ?? 0
      if page == 3 { return HTTPResponse(status: 502) }
      return HTTPResponse(status: 200, body: Data(Fixtures.body(Fixtures.page(page)).utf8))
    }
    let cache = try cached(directory, age: 600)
    let snapshot = try await service(transport, cache: cache)
      .snapshot(for: MarketRequest(count: 1000))
    expectEqual(snapshot.source, .cache)
    expectEqual(snapshot.staleReason, "CoinGecko answered HTTP 502.")
    expectEqual(snapshot.coins, Fixtures.threeCoins)
  }

  // MARK: Publishing

  @Test func everySnapshotIsPublished() async throws {
    let service = service(Self.market(), cache: nil)
    let updates = await service.updates()
    let snapshot = try await service.snapshot(for: MarketRequest(count: 3))
    var iterator = updates.makeAsyncIterator()
    await expectEqual(iterator.next(), snapshot)
    await expectEqual(service.latest, snapshot)
  }
}

/// Counts requests in flight at once.
/// Counts requests in flight and the most ever at once.
private final class InFlightGauge: Sendable {
  private let counts = Mutex((current: 0, peak: 0))

  func enter() {
    counts.withLock {
      $0.current += 1
      $0.peak = max($0.peak, $0.current)
    }
  }

  func leave() {
    counts.withLock { $0.current -= 1 }
  }

  var current: Int { counts.withLock { $0.current } }
  var maximum: Int { counts.withLock { $0.peak } }
}
