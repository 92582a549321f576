import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `CoinDataService.history(_:)`: cache ages, the plan's 365 days, honest fallbacks.
@Suite(.timeLimit(.minutes(1))) struct HistoryServiceTests {
  private let clock = ManualTimeSource()
  /// 2025-07-25T14:53:48Z in milliseconds, and an hour before.
  private static let nowMs = 1_753_455_228_000.0

  private static let prices = "{\"prices\":[[\(nowMs - 3_600_000),10],[\(nowMs),12]]}"
  private static let beyondPlan = """
    {"error":{"status":{"error_code":10012,"error_message":"Your request exceeds the allowed \
    time range."}}}
    """

  /// Answers `market_chart` with ``prices`` (or `max` with 10012), `ohlc` with two candles.
  private static func api() -> StubTransport {
    StubTransport { request, _ in
      if request.url.path.hasSuffix("/ohlc") {
        let body = "[[\(nowMs - 3_600_000),1,3,0.5,2],[\(nowMs),2,4,1,3]]"
        return HTTPResponse(status: 200, body: Data(body.utf8))
      }
      if request.query("days") == "max" {
        return HTTPResponse(status: 401, body: Data(beyondPlan.utf8))
      }
      return HTTPResponse(status: 200, body: Data(prices.utf8))
    }
  }

  private func service(_ transport: StubTransport, _ directory: TemporaryDirectory)
    -> CoinDataService
  {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, retryPolicy: .none,
      timeSource: clock, random: { 0 })
    return CoinDataService(
      client: client, cache: MarketCache(directory: directory.url), sampleLoader: { nil },
      timeSource: clock)
  }

  /// Makes the cache file `name` look `age` seconds old on the manual clock.
  private func age(_ directory: TemporaryDirectory, _ name: String, by age: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: clock.now().addingTimeInterval(-age)],
      ofItemAtPath: directory.file(name + ".json").path)
  }

  private func request(_ range: HistoryRange, candles: Bool = false, maxAge: Double? = nil)
    -> HistoryRequest
  {
    HistoryRequest(
      id: "bitcoin", currency: "usd", window: .range(range), candles: candles, maxAge: maxAge)
  }

  @Test func reusesAHistoryWhileYoungerThanItsSpacing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.api()
    let service = service(transport, directory)
    let first = try await service.history(request(.week))
    expectEqual(first.history.points.map(\.price), [10, 12])
    expectEqual(first.source, .live)
    expectEqual(transport.requests.map { $0.url.path }, ["/api/v3/coins/bitcoin/market_chart"])
    expectEqual(transport.requests.first?.query("days"), "7")
    try age(directory, "history-bitcoin-usd-7d", by: 3599)
    _ = try await service.history(request(.week))
    expectEqual(transport.requests.count, 1)  // 7 days are hourly: an hour's reuse
    try age(directory, "history-bitcoin-usd-7d", by: 3601)
    _ = try await service.history(request(.week))
    expectEqual(transport.requests.count, 2)
    _ = try await service.history(request(.week, maxAge: 0))
    expectEqual(transport.requests.count, 3)
  }

  @Test func aRangeBeyondThePlanShowsTheLastYear() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.api()
    let service = service(transport, directory)
    let shown = try await service.history(request(.max))
    expectEqual(shown.window, .range(.year))
    expectEqual(shown.limitedBy, "CoinGecko's plan limits history to the past 365 days.")
    expectEqual(transport.requests.compactMap { $0.query("days") }, ["max", "365"])
    // Within a day, neither `max` nor the year is asked for again.
    try age(directory, "history-bitcoin-usd-max-limited", by: 86_000)
    try age(directory, "history-bitcoin-usd-1y", by: 86_000)
    let again = try await service.history(request(.max))
    #expect(again.limitedBy != nil && again.window == .range(.year))
    expectEqual(transport.requests.count, 2)
  }

  @Test func otherPlanErrorsAreReported() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let body = #"{"status":{"error_code":10005,"error_message":"No access."}}"#
    let service = service(StubTransport(always: .body(body, status: 401)), directory)
    await #expect(throws: CoinGeckoError.planLimit(code: 10005, message: "No access.")) {
      try await service.history(request(.month))
    }
  }

  @Test func anOlderCacheStandsInWhenCoinGeckoFails() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try await service(Self.api(), directory).history(request(.month))
    try age(directory, "history-bitcoin-usd-30d", by: 7200)
    let failing = service(StubTransport(always: .status(503)), directory)
    let stale = try await failing.history(request(.month))
    expectEqual(stale.source, .cache)
    expectEqual(stale.staleReason, "CoinGecko answered HTTP 503.")
    expectEqual(stale.history.points.count, 2)
    var strict = request(.month)
    strict.allowFallback = false
    await #expect(throws: CoinGeckoError.self) { try await failing.history(strict) }
  }

  @Test func sevenDaysFallBackToTheMarketsSparkline() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try MarketCache(directory: directory.url).store(Fixtures.snapshot())
    let failing = service(StubTransport(always: .failure(.offline)), directory)
    let week = try await failing.history(request(.week))
    #expect(week.fromSparkline)
    expectEqual(week.source, .cache)
    // Bitcoin's fixture sparkline is 1…8, hourly, ending at its last_updated, 14:53:00Z.
    expectEqual(week.history.points.map(\.price), [1, 2, 3, 4, 5, 6, 7, 8])
    expectEqual(week.history.points.last?.milliseconds, 1_753_455_180_000)
    expectEqual(week.history.points.first?.milliseconds, 1_753_429_980_000)  // 7 hours before
    // Anything else with nothing cached fails.
    await #expect(throws: CoinGeckoError.offline(host: "api.coingecko.com")) {
      try await failing.history(request(.month))
    }
  }

  @Test func candlesComeFromOHLC() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.api()
    let shown = try await service(transport, directory).history(request(.yearToDate, candles: true))
    expectEqual(shown.candles?.candles.count, 2)
    expectEqual(shown.history.points.map(\.price), [2, 3])
    // 2025-07-25 is day 206 of the year: the smallest `days` /ohlc takes that covers it.
    expectEqual(transport.requests.first?.query("days"), "365")
    #expect(directory.contents().contains("ohlc-bitcoin-usd-ytd.json"))
  }

  @Test func aYearToDateIsCutAtNewYear() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 2024-12-31T12:00Z, 2025-01-01T00:00Z, now.
    let body = "{\"prices\":[[1735646400000,1],[1735689600000,2],[\(Self.nowMs),3]]}"
    let transport = StubTransport(always: .body(body))
    let shown = try await service(transport, directory).history(request(.yearToDate))
    expectEqual(shown.history.points.map(\.price), [2, 3])
    // 2025-07-25 14:53 is 205.6 days after 1 January: 206 days asked.
    expectEqual(transport.requests.first?.query("days"), "206")
  }

  @Test func aWindowAsksForItsRangeAndCandlesForEnoughDays() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = Self.api()
    let service = service(transport, directory)
    // From 2025-07-20T00:00Z (5.6 days before now) to 2025-07-25T14:00Z.
    let window = HistoryWindow.between(from: 1_752_969_600, to: 1_753_452_000)
    _ = try await service.history(
      HistoryRequest(id: "bitcoin", currency: "usd", window: window))
    let candles = try await service.history(
      HistoryRequest(id: "bitcoin", currency: "usd", window: window, candles: true))
    let asked = transport.requests
    expectEqual(asked.first?.url.path, "/api/v3/coins/bitcoin/market_chart/range")
    expectEqual(asked.first?.query("from"), "1752969600")
    expectEqual(asked.first?.query("to"), "1753452000")
    expectEqual(asked.last?.url.path, "/api/v3/coins/bitcoin/ohlc")
    expectEqual(asked.last?.query("days"), "7")
    // Only the candle closing within the window: the one an hour before now (14:53:48).
    expectEqual(candles.candles?.candles.map(\.close), [2])
  }

  /// A batch of histories brings every coin's, one and three at a time, and names a coin whose
  /// history failed. Built with -O by Swift 6.3.1, the batch's old task closure (a tuple literal
  /// holding `try await` in do/catch) lost the coin's id: only the first coin ever arrived.
  @Test(arguments: [1, 3])
  func aBatchBringsEveryCoinsHistory(concurrency: Int) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let transport = StubTransport { request, _ in
      if request.url.path.contains("/nosuchcoin/") {
        return HTTPResponse(status: 404, body: Data("{\"error\":\"coin not found\"}".utf8))
      }
      return HTTPResponse(status: 200, body: Data(Self.prices.utf8))
    }
    let ids = ["bitcoin", "ethereum", "solana", "nosuchcoin", "cardano"]
    let requests = ids.map {
      HistoryRequest(id: $0, currency: "usd", window: .range(.week), allowFallback: false)
    }
    let batch = await service(transport, directory).histories(requests, concurrency: concurrency)
    expectEqual(batch.snapshots.keys.sorted(), ["bitcoin", "cardano", "ethereum", "solana"])
    expectEqual(batch.snapshots["solana"]?.history.points.map(\.price), [10, 12])
    expectEqual(batch.failures.keys.sorted(), ["nosuchcoin"])
    expectEqual(transport.requests.count, 5)
  }
}
