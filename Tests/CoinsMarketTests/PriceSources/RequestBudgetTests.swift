import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsUnitTestSupport
import Foundation
import Synchronization
import Testing

/// The request budget on a manual clock (every sleep returns at once and moves the clock, so
/// the waits are read, never timed). The clock starts at 2025-07-25 14:53:48 UTC.
@Suite(.timeLimit(.minutes(1))) struct RequestBudgetTests {
  let clock = ManualTimeSource(parkingAtLeast: 100_000)
  let url = URL(string: "https://host.test/x")!

  func budget(_ host: BudgetHost, maxWait: Double = 300, waits: Recorder<BudgetWait>? = nil)
    -> RequestBudget
  {
    RequestBudget(hosts: [host], maxWait: maxWait, timeSource: clock) { wait in
      waits?.record(wait)
    }
  }

  @Test func keylessCoinGeckoIsPacedAtTenAMinute() async throws {
    let waits = Recorder<BudgetWait>()
    let paced = budget(BudgetHost.coinGeckoKeyless, waits: waits)
    for _ in 0..<3 { #expect(try await paced.admit("CoinGecko") == .send) }
    expectEqual(clock.sleeps, [6, 6])
    #expect(
      waits.items == [
        BudgetWait(host: "CoinGecko", seconds: 6), BudgetWait(host: "CoinGecko", seconds: 6),
      ])
    // A host it does not know is not paced.
    try await expectEqual(paced.admit("elsewhere"), .send)
    expectEqual(clock.sleeps, [6, 6])
  }

  @Test func onlyTheProbesAnswerLetsTheRestGo() async throws {
    let paced = budget(BudgetHost(name: "Coinbase", perMinute: 600, burst: 15))
    try await expectEqual(paced.admit("Coinbase"), .send)
    await paced.record(
      "Coinbase", response: HTTPResponse(status: 429, headers: ["Retry-After": "5"]), probe: false)
    try await expectEqual(paced.admit("Coinbase"), .probe)
    let admitted = Recorder<RequestBudget.Admission>()
    let rest = Task {
      let admission = try await paced.admit("Coinbase")
      admitted.record(admission)
      return admission
    }
    // An answer to a request sent before the pause (not the probe's) arrives: the rest wait on.
    await paced.record("Coinbase", response: HTTPResponse(status: 200), probe: false)
    for _ in 0..<1_000 { await Task.yield() }
    #expect(admitted.items.isEmpty)
    // The probe gets no answer at all: the next request probes again.
    await paced.recordNoAnswer("Coinbase", probe: true)
    try await expectEqual(rest.value, .probe)
    expectEqual(clock.sleeps, [5])
  }

  @Test func theStartingRatesAreThePublishedOnes() {
    expectEqual(BudgetHost.coinGeckoKeyless.perMinute, 10)
    expectEqual(BudgetHost.coinGeckoDemo.perMinute, 30)
    expectEqual(BudgetHost.coinbase.perMinute, 600)
    expectEqual(BudgetHost.coinbase.burst, 15)
    expectEqual(BudgetHost.binance.perMinute, 3_000)
  }

  @Test func aBurstGoesAtOnceThenTheRate() async throws {
    let paced = budget(BudgetHost(name: "Coinbase", perMinute: 600, burst: 15))
    for _ in 0..<16 { _ = try await paced.admit("Coinbase") }
    expectEqual(clock.sleeps.count, 1)
    #expect(abs(clock.sleeps[0] - 0.1) < 1e-9)
  }

  @Test(arguments: [
    (["Retry-After": "30"], 30.0),
    (["x-ratelimit-reset": "2025-07-25 14:54:30 +0000"], 42.0),
    ([:], 60.0),
  ])
  func a429PausesTheHostUntilItSays(headers: [String: String], pause: Double) async throws {
    let stub = StubTransport(script: [.status(429, headers: headers), .body("[]"), .body("[]")])
    let paced = budget(BudgetHost(name: "Coinbase", perMinute: 600, burst: 15))
    let transport = BudgetedTransport(stub, budget: paced, host: "Coinbase")
    try await expectEqual(transport.send(HTTPRequest(url: url)).status, 429)
    try await expectEqual(transport.send(HTTPRequest(url: url)).status, 200)
    try await expectEqual(transport.send(HTTPRequest(url: url)).status, 200)
    expectEqual(clock.sleeps, [pause])
    expectEqual(stub.requests.count, 3)
  }

  @Test func oneProbeGoesBeforeTheRestResume() async throws {
    let released = Mutex(false)
    let stub = StubTransport { _, index in
      if index == 1 {
        while !released.withLock({ $0 }) { await Task.yield() }
      }
      return HTTPResponse(
        status: index == 0 ? 429 : 200, headers: index == 0 ? ["Retry-After": "10"] : [:])
    }
    let paced = budget(BudgetHost(name: "Coinbase", perMinute: 600, burst: 15))
    let transport = BudgetedTransport(stub, budget: paced, host: "Coinbase")
    _ = try await transport.send(HTTPRequest(url: url))
    let url = self.url
    let probe = Task { try await transport.send(HTTPRequest(url: url)).status }
    #expect(await eventually { stub.requests.count == 2 })
    let rest = Task { try await transport.send(HTTPRequest(url: url)).status }
    for _ in 0..<2_000 { await Task.yield() }
    // The probe is unanswered: the next request has not been sent.
    expectEqual(stub.requests.count, 2)
    released.withLock { $0 = true }
    try await expectEqual(probe.value, 200)
    try await expectEqual(rest.value, 200)
    expectEqual(stub.requests.count, 3)
    expectEqual(clock.sleeps, [10])
  }

  @Test func aWaitThatWouldPassMaxWaitIsRefusedAndNothingIsSent() async throws {
    let stub = StubTransport(always: .body("[]"))
    let paced = budget(BudgetHost.coinGeckoKeyless, maxWait: 10)
    let transport = BudgetedTransport(stub, budget: paced, host: "CoinGecko")
    try await expectEqual(transport.send(HTTPRequest(url: url)).status, 200)
    try await expectEqual(transport.send(HTTPRequest(url: url)).status, 200)
    let refused = try await transport.send(HTTPRequest(url: url))
    expectEqual(refused.status, 429)
    expectEqual(refused.headers[BudgetedTransport.refusedWaitHeader], "6")
    expectEqual(refused.headers[BudgetedTransport.refusalHeader], "max_wait")
    expectEqual(stub.requests.count, 2)
    await expectEqual(paced.secondsWaited, 6)
  }

  @Test func theRateLimitHeadersAreFollowed() async throws {
    let stub = StubTransport(script: [
      .status(200, headers: ["x-ratelimit-limit": "30", "x-ratelimit-remaining": "29"]),
      .status(
        200,
        headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "2025-07-25 14:54:30 +0000"]),
      .body("[]"),
    ])
    let paced = budget(BudgetHost.coinGeckoKeyless)
    let transport = BudgetedTransport(stub, budget: paced, host: "CoinGecko")
    for _ in 0..<3 { _ = try await transport.send(HTTPRequest(url: url)) }
    // 30 a minute: the next token in 2 s (not 6); then nothing left until the reset, 40 s after
    // 14:53:50.
    expectEqual(clock.sleeps, [2, 40])
  }

  @Test func aFastRateWaitsItsShortTurnsWithoutSpinning() async throws {
    let paced = budget(BudgetHost(name: "Binance", perMinute: 3_000))
    for _ in 0..<5 { _ = try await paced.admit("Binance") }
    expectEqual(clock.sleeps.count, 4)
    #expect(clock.sleeps.allSatisfy { abs($0 - 0.02) < 1e-6 })
  }

  @Test func binancesUsedWeightIsFollowed() async throws {
    // 5,996 of 6,000 used: two more requests (weight 2 each) this minute; all 6,000 used: the
    // next minute, 14:54:00, 12 s after the clock's 14:53:48.
    let stub = StubTransport(script: [
      .status(200, headers: ["x-mbx-used-weight-1m": "5996"]),
      .status(200, headers: ["x-mbx-used-weight-1m": "5998"]),
      .status(200, headers: ["x-mbx-used-weight-1m": "6000"]),
      .status(200, headers: ["x-mbx-used-weight-1m": "2"]),
    ])
    let transport = BudgetedTransport(stub, budget: budget(BudgetHost.binance), host: "Binance")
    for _ in 0..<4 { _ = try await transport.send(HTTPRequest(url: url)) }
    expectEqual(clock.sleeps, [12])
  }

  @Test func progressNamesTheCountAndTheWait() {
    let lines = Recorder<String>()
    let progress = FetchProgress(fetching: "daily prices", total: 50, unit: "coins") { line in
      lines.record(line)
    }
    for _ in 0..<12 { progress.itemDone() }
    progress.waiting(BudgetWait(host: "CoinGecko", seconds: 17.2))
    progress.itemDone()
    #expect(
      Array(lines.items.suffix(3)) == [
        "Fetching daily prices: 12 of 50 coins",
        "Fetching daily prices: 12 of 50 coins (waiting 18 s for CoinGecko's rate limit)",
        "Fetching daily prices: 13 of 50 coins",
      ])
  }
}

/// CoinGecko's client behind the budget: its own retry after a 429 is not a second wait, and a
/// refusal of the budget ends it at once (no retry, no wait outside the budget).
@Suite(.timeLimit(.minutes(1))) struct BudgetedCoinGeckoTests {
  // Budget waits return at once; the client's 400 s deadline parks (and never fires).
  let clock = ManualTimeSource(parkingAtLeast: 100)
  let coins = ["bitcoin", "ethereum", "solana"].map { PricedCoin(id: $0, symbol: $0) }
  let days = day("2025-05-01")...day("2025-05-03")
  static let body = #"{"prices":[[1746057600000,94212.5],[1746144000000,96500.25]]}"#

  func source(_ stub: StubTransport, maxWait: Double) -> CoinGeckoDailyOpens {
    let budget = RequestBudget(hosts: [.coinGeckoKeyless], maxWait: maxWait, timeSource: clock)
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(baseURL: "https://cg.test/api/v3"),
      transport: BudgetedTransport(stub, budget: budget, host: "CoinGecko"), deadline: 400,
      timeSource: clock, random: { 0 })
    return CoinGeckoDailyOpens(client: client, timeSource: clock)
  }

  @Test func a429IsWaitedOnceThenTheRestArePaced() async {
    let stub = StubTransport(script: [
      .body(Self.body), .status(429, headers: ["Retry-After": "30"]), .body(Self.body),
      .body(Self.body),
    ])
    let coinGecko = source(stub, maxWait: 300)
    for coin in coins {
      guard case .opens = await coinGecko.dailyOpens(of: coin, in: "USD", days: days) else {
        Issue.record("\(coin.id) not priced")
        continue
      }
    }
    // 6 s for the second request's turn, 30 s as the 429 asked; the retry is the probe, and the
    // third coin's token has refilled meanwhile.
    expectEqual(clock.sleeps, [6, 30])
    expectEqual(stub.requests.count, 4)
  }

  @Test func aRefusalOfTheBudgetEndsTheFetchWithItsReason() async {
    let stub = StubTransport(always: .body(Self.body))
    let coinGecko = source(stub, maxWait: 5)
    _ = await coinGecko.dailyOpens(of: coins[0], in: "USD", days: days)
    let second = await coinGecko.dailyOpens(of: coins[1], in: "USD", days: days)
    #expect(
      second
        == .unavailable("rate limited: waiting for CoinGecko's rate limit would pass max_wait"))
    expectEqual(stub.requests.count, 1)
    expectEqual(clock.sleeps, [])
  }
}

/// An exchange's own 429: asked again behind the budget, which holds the retry until the pause
/// is over; refused when that would pass `max_wait`.
@Suite(.timeLimit(.minutes(1))) struct ExchangeRateLimitTests {
  let clock = ManualTimeSource(parkingAtLeast: 100_000)
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")
  let days = day("2024-01-01")...day("2024-01-01")

  func coinbase(_ stub: StubTransport, maxWait: Double) -> CoinbaseCandles {
    let budget = RequestBudget(hosts: [.coinbase], maxWait: maxWait, timeSource: clock)
    return CoinbaseCandles(
      baseURL: "https://cb.test",
      transport: BudgetedTransport(stub, budget: budget, host: "Coinbase"),
      timeSource: clock)
  }

  @Test func a429IsAskedAgainWhenTheHostsPauseIsOver() async {
    let stub = StubTransport(script: [
      .status(429, headers: ["Retry-After": "20"]), .body("[[1704067200,1,1,42000.5,1,1]]"),
    ])
    let answer = await coinbase(stub, maxWait: 300).dailyOpens(of: bitcoin, in: "USD", days: days)
    #expect(
      answer
        == .opens(
          DailyOpens(
            opens: [day("2024-01-01"): exact("42000.5")], pair: "BTC-USD", carriesForward: true)))
    expectEqual(clock.sleeps, [20])
    expectEqual(stub.requests.count, 2)
  }

  @Test func aPauseLongerThanMaxWaitEndsTheSourceAtOnce() async {
    let stub = StubTransport(always: .status(429, headers: ["Retry-After": "20"]))
    let answer = await coinbase(stub, maxWait: 5).dailyOpens(of: bitcoin, in: "USD", days: days)
    #expect(
      answer == .unavailable("rate limited: waiting for Coinbase's rate limit would pass max_wait"))
    expectEqual(stub.requests.count, 1)
    expectEqual(clock.sleeps, [])
  }

  @Test func a429ThatStaysIsNamedAfterTwoRetries() async {
    let stub = StubTransport(always: .status(429, headers: ["Retry-After": "20"]))
    let answer = await coinbase(stub, maxWait: 300).dailyOpens(of: bitcoin, in: "USD", days: days)
    expectEqual(answer, .unavailable("rate limited by Coinbase (HTTP 429)"))
    expectEqual(stub.requests.count, 3)
    expectEqual(clock.sleeps, [20, 20])
  }
}
