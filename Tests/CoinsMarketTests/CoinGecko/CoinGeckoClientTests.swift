import CoinGeckoAPI
import CoinsCurlTransport
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct CoinGeckoClientTests {
  private static let secret = "CG-s3cr3t-KEY-42"
  private let clock = ManualTimeSource()

  private func makeClient(
    _ transport: StubTransport, key: CoinGeckoConfiguration.APIKey? = nil,
    baseURL: String = CoinGeckoConfiguration.publicBaseURL, policy: RetryPolicy = RetryPolicy(),
    deadline: Double? = nil, random: Double = 0
  ) -> CoinGeckoClient {
    CoinGeckoClient(
      configuration: CoinGeckoConfiguration(baseURL: baseURL, apiKey: key),
      transport: transport, retryPolicy: policy, deadline: deadline, timeSource: clock,
      random: { random })
  }

  private func page(_ client: CoinGeckoClient) async -> Result<[Coin], CoinGeckoError> {
    do {
      return .success(try await client.markets(currency: "usd", page: 1))
    } catch {
      return .failure(error)
    }
  }

  private static let ok = StubTransport.Reply.body(Fixtures.body(Fixtures.three))

  // MARK: Requests

  @Test func sendsTheMarketsRequestAsDocumented() async throws {
    let transport = StubTransport(always: Self.ok)
    let coins = try await makeClient(transport).markets(currency: "usd", page: 2)
    expectEqual(coins.map(\.id), ["bitcoin", "ethereum", "shiba-inu"])
    let request = try #require(transport.requests.first)
    expectEqual(transport.requests.count, 1)
    #expect(
      request.url.absoluteString
        == "https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd&order=market_cap_desc"
        + "&per_page=250&page=2&sparkline=true&price_change_percentage=1h,24h,7d")
    #expect(
      request.headers == [
        "Accept": "application/json", "User-Agent": "coins/\(CoinsVersion.current)",
      ])
    expectEqual(request.timeout, 10)
  }

  @Test func sendsTheIDsRequest() async throws {
    let transport = StubTransport(always: Self.ok)
    _ = try await makeClient(transport).markets(currency: "eur", ids: ["bitcoin", "monero"])
    expectEqual(transport.requests.first?.query("ids"), "bitcoin,monero")
    expectEqual(transport.requests.first?.query("vs_currency"), "eur")
  }

  @Test func noIDsMeansNoRequest() async throws {
    let transport = StubTransport(always: Self.ok)
    try await expectEqual(makeClient(transport).markets(currency: "usd", ids: []), [])
    #expect(transport.requests.isEmpty)
  }

  @Test func demoKeyTravelsOnlyInItsHeader() async throws {
    let transport = StubTransport(always: Self.ok)
    let key = CoinGeckoConfiguration.APIKey(header: "x-cg-demo-api-key", value: Self.secret)
    _ = try await makeClient(transport, key: key).markets(currency: "usd", page: 1)
    let request = try #require(transport.requests.first)
    #expect(
      request.headers == [
        "Accept": "application/json", "User-Agent": "coins/\(CoinsVersion.current)",
        "x-cg-demo-api-key": Self.secret,
      ])
    #expect(!request.url.absoluteString.contains(Self.secret))
  }

  @Test func proKeyTravelsOnlyInItsHeader() async throws {
    let transport = StubTransport(always: Self.ok)
    let configuration = CoinGeckoConfiguration.fromEnvironment([
      "COINGECKO_PRO_API_KEY": Self.secret
    ])
    let client = CoinGeckoClient(
      configuration: configuration, transport: transport, timeSource: clock)
    _ = try await client.markets(currency: "usd", page: 1)
    let request = try #require(transport.requests.first)
    #expect(
      request.url.absoluteString.hasPrefix("https://pro-api.coingecko.com/api/v3/coins/markets?"))
    expectEqual(request.headers["x-cg-pro-api-key"], Self.secret)
    #expect(request.headers["x-cg-demo-api-key"] == nil)
    #expect(!request.url.absoluteString.contains(Self.secret))
  }

  @Test(arguments: [
    (
      401,
      #"{"error":{"status":{"error_code":10011,"error_message":"Key CG-s3cr3t-KEY-42 is not a Demo key"}}}"#,
      "CoinGecko answered HTTP 401: Key [redacted] is not a Demo key."
    ),
    (
      400, #"{"error":"invalid key CG-s3cr3t-KEY-42"}"#,
      "CoinGecko answered HTTP 400: invalid key [redacted]."
    ),
    (
      403, "<html><title>Blocked CG-s3cr3t-KEY-42</title>error code: 1020</html>",
      "CoinGecko answered HTTP 403: an HTML page (Blocked [redacted]), error code 1020."
    ),
  ])
  func echoedKeyNeverReachesAnErrorMessage(status: Int, body: String, message: String) async {
    let transport = StubTransport(always: .body(body, status: status))
    let key = CoinGeckoConfiguration.APIKey(header: "x-cg-pro-api-key", value: Self.secret)
    let result = await page(makeClient(transport, key: key))
    guard case .failure(let error) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    expectEqual(error.message, message)
    #expect(!error.message.contains(Self.secret))
  }

  @Test func echoedKeyInAnUndecodableAnswerNeverReachesTheMessage() async {
    let transport = StubTransport(always: .body("Your key \(Self.secret) is fine but: oops"))
    let key = CoinGeckoConfiguration.APIKey(header: "x-cg-demo-api-key", value: Self.secret)
    let result = await page(makeClient(transport, key: key))
    guard case .failure(let error) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    expectEqual(error, .undecodable(excerpt: "Your key [redacted] is fine but: oops"))
    #expect(!error.message.contains(Self.secret))
  }

  @Test func searchAsksForTheQueryAndSanitizesResults() async throws {
    let transport = StubTransport(
      always: .body(
        #"{"coins":[{"id":"bitcoin","name":"Bitcoin","api_symbol":"bitcoin","symbol":"BTC","#
          + #""market_cap_rank":1,"thumb":"t","large":"l"},{"id":"fake-btc","#
          + #""name":"Evil\u001b[31m BTC","api_symbol":"fake-btc","symbol":"BTC","#
          + #""market_cap_rank":null}],"exchanges":[],"icons":[]}"#))
    let results = try await makeClient(transport).search("btc coin")
    #expect(
      transport.requests.first?.url.absoluteString
        == "https://api.coingecko.com/api/v3/search?query=btc%20coin")
    #expect(
      results == [
        SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1),
        SearchResult(id: "fake-btc", symbol: "btc", name: "Evil BTC", rank: nil),
      ])
  }

  // MARK: Rate limits

  @Test func rateLimitHonorsRetryAfterSeconds() async throws {
    let transport = StubTransport(script: [.status(429, headers: ["Retry-After": "7"]), Self.ok])
    let coins = try await makeClient(transport).markets(currency: "usd", page: 1)
    expectEqual(coins.count, 3)
    expectEqual(transport.requests.count, 2)
    expectEqual(clock.sleeps, [7])
  }

  @Test func rateLimitHonorsRetryAfterAsHTTPDate() async throws {
    let transport = StubTransport(script: [
      .status(429, headers: ["Retry-After": "Fri, 25 Jul 2025 14:54:00 GMT"]), Self.ok,
    ])
    _ = try await makeClient(transport).markets(currency: "usd", page: 1)
    expectEqual(transport.requests.count, 2)
    expectEqual(clock.sleeps, [12])
  }

  @Test func rateLimitHonorsRateLimitResetAlone() async throws {
    let transport = StubTransport(script: [
      .body(
        #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#,
        status: 429,
        headers: [
          "x-ratelimit-limit": "30", "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": "2025-07-25 14:54:00 +0000",
        ]),
      Self.ok,
    ])
    _ = try await makeClient(transport).markets(currency: "usd", page: 1)
    expectEqual(transport.requests.count, 2)
    expectEqual(clock.sleeps, [12])
  }

  @Test func rateLimitWithoutHintsBacksOffExponentiallyThenFails() async {
    let transport = StubTransport(always: .status(429))
    let result = await page(makeClient(transport, random: 0.5))
    expectEqual(result, .failure(.rateLimited(retryAfter: nil)))
    expectEqual(transport.requests.count, 4)
    expectEqual(clock.sleeps, [0.375, 0.75, 1.5])
  }

  @Test func persistentRateLimitReportsTheServersWait() async {
    let transport = StubTransport(always: .status(429, headers: ["Retry-After": "2"]))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.rateLimited(retryAfter: 2)))
    expectEqual(clock.sleeps, [2, 2, 2])
    #expect(
      result.failureMessage
        == "CoinGecko's rate limit was reached; it asks to wait 2 s. "
        + "A free Demo key (COINGECKO_DEMO_API_KEY) raises the limit.")
  }

  @Test func waitPastTheDeadlineFailsAtOnce() async {
    let transport = StubTransport(always: .status(429, headers: ["Retry-After": "60"]))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.rateLimited(retryAfter: 60)))
    expectEqual(transport.requests.count, 1)
    expectEqual(clock.sleeps, [])
  }

  // MARK: Server and connection failures

  @Test func serverErrorsAreRetriedWithExponentialBackoff() async throws {
    let transport = StubTransport(script: [
      .body("<html><title>503 Service Unavailable</title></html>", status: 503),
      .status(500), .status(502), Self.ok,
    ])
    let coins = try await makeClient(transport, random: 0).markets(currency: "usd", page: 1)
    expectEqual(coins.count, 3)
    expectEqual(transport.requests.count, 4)
    expectEqual(clock.sleeps, [0.25, 0.5, 1])
  }

  @Test func jitterComesFromTheInjectedRandom() async throws {
    let transport = StubTransport(script: [.status(503), .status(503), Self.ok])
    _ = try await makeClient(transport, random: 0.999).markets(currency: "usd", page: 1)
    expectEqual(clock.sleeps.count, 2)
    #expect(abs(clock.sleeps[0] - 0.49975) < 1e-9)
    #expect(abs(clock.sleeps[1] - 0.9995) < 1e-9)
  }

  @Test func connectionFailuresAreRetried() async throws {
    let transport = StubTransport(script: [
      .failure(.unreachable("connection lost")), .failure(.timedOut), Self.ok,
    ])
    let coins = try await makeClient(transport, random: 0.5).markets(currency: "usd", page: 1)
    expectEqual(coins.count, 3)
    expectEqual(transport.requests.count, 3)
    expectEqual(clock.sleeps, [0.375, 0.75])
  }

  @Test func retriedRequestsKeepTheirHeaders() async throws {
    let transport = StubTransport(script: [.status(500), Self.ok])
    let key = CoinGeckoConfiguration.APIKey(header: "x-cg-demo-api-key", value: "k")
    _ = try await makeClient(transport, key: key).markets(currency: "usd", page: 1)
    expectEqual(transport.requests.count, 2)
    #expect(transport.requests.allSatisfy { $0.headers["x-cg-demo-api-key"] == "k" })
    #expect(
      transport.requests.allSatisfy { $0.headers["User-Agent"] == "coins/\(CoinsVersion.current)" })
    expectEqual(transport.requests[0].url, transport.requests[1].url)
  }

  @Test func persistentConnectionFailureNamesTheHost() async {
    let transport = StubTransport(always: .failure(.unreachable("connection lost")))
    let result = await page(makeClient(transport))
    #expect(
      result == .failure(.unreachable(host: "api.coingecko.com", detail: "connection lost")))
    expectEqual(transport.requests.count, 4)
    expectEqual(clock.sleeps, [0.25, 0.5, 1])
  }

  /// Nothing listening (a local proxy that is down) is asked once: it would refuse again.
  @Test func aRefusedConnectionIsNotRetried() async {
    let transport = StubTransport(script: [.failure(.refused), Self.ok])
    let result = await page(makeClient(transport))
    #expect(
      result == .failure(.unreachable(host: "api.coingecko.com", detail: "connection refused")))
    expectEqual(transport.requests.count, 1)
    #expect(clock.sleeps.isEmpty)
  }

  /// Through libcurl itself: a port where nothing listens is tried once, no backoff slept.
  @Test func libcurlsRefusedConnectionIsTriedOnce() async {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(baseURL: "http://127.0.0.1:9/api/v3"),
      transport: CurlTransport(environment: [:]), retryPolicy: RetryPolicy(),
      timeSource: clock, random: { 0 })
    let result = await page(client)
    expectEqual(result, .failure(.unreachable(host: "127.0.0.1", detail: "connection refused")))
    #expect(clock.sleeps.isEmpty)
  }

  @Test func persistentTimeoutsReportTheRequestTimeout() async {
    let transport = StubTransport(always: .failure(.timedOut))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.timedOut(seconds: 10)))
    expectEqual(transport.requests.count, 4)
  }

  @Test func offlineIsNotRetried() async {
    let transport = StubTransport(always: .failure(.offline))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.offline(host: "api.coingecko.com")))
    expectEqual(transport.requests.count, 1)
    expectEqual(clock.sleeps, [])
  }

  @Test func oversizedBodyIsNotRetried() async {
    let transport = StubTransport(always: .failure(.bodyTooLarge(limit: 16 * 1_048_576)))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.bodyTooLarge(limit: 16 * 1_048_576)))
    expectEqual(transport.requests.count, 1)
  }

  @Test func undecodableAnswerIsNotRetried() async {
    let transport = StubTransport(always: .body(#"{"coins":[]}"#))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.undecodable(excerpt: #"{"coins":[]}"#)))
    expectEqual(transport.requests.count, 1)
  }

  @Test(arguments: [
    (400, #"{"error":"invalid vs_currency"}"#, "invalid vs_currency"),
    (
      401, #"{"error":{"status":{"error_code":10002,"error_message":"API Key Missing"}}}"#,
      "API Key Missing"
    ),
    (404, #"{"error":"coin not found"}"#, "coin not found"),
    (
      403, "<!DOCTYPE html><html><title>Access denied</title>error code: 1020</html>",
      "an HTML page (Access denied), error code 1020"
    ),
    (422, "", ""),
  ])
  func clientErrorsAreNotRetriedAndKeepTheAPIMessage(status: Int, body: String, message: String)
    async
  {
    let transport = StubTransport(always: .body(body, status: status))
    let result = await page(makeClient(transport))
    expectEqual(result, .failure(.httpStatus(code: status, message: message)))
    expectEqual(transport.requests.count, 1)
    expectEqual(clock.sleeps, [])
  }

  @Test func requestTimeoutShrinksToTheTimeLeft() async throws {
    let transport = StubTransport(script: [.status(503, headers: ["Retry-After": "5"]), Self.ok])
    let clock = ManualTimeSource(parkingAtLeast: 12)
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(), transport: transport, deadline: 12,
      timeSource: clock, random: { 0 })
    _ = try await client.markets(currency: "usd", page: 1)
    expectEqual(transport.requests.map(\.timeout), [10, 7])
    expectEqual(clock.sleeps, [5])
  }

  // MARK: Deadline

  @Test func defaultDeadlineIsThreeRequestTimeouts() {
    let transport = StubTransport(always: Self.ok)
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(requestTimeout: 4), transport: transport)
    expectEqual(client.deadline, 12)
  }

  @Test func serverThatNeverAnswersTimesOutAtTheDeadline() async {
    let transport = StubTransport(always: .never)
    let client = makeClient(transport)
    let call = Task { await page(client) }
    #expect(await eventually { transport.requests.count == 1 && clock.parkedCount == 1 })
    expectEqual(clock.parkedSleeps, [30])
    clock.advance(by: 29)
    expectEqual(clock.parkedCount, 1)
    clock.advance(by: 1)
    let result = await call.valueCancellingWithCaller
    expectEqual(result, .failure(.timedOut(seconds: 30)))
    expectEqual(result.failureMessage, "CoinGecko did not answer within 30 s.")
    expectEqual(transport.requests.count, 1)
  }

  @Test func answerInTimeCancelsTheDeadline() async throws {
    let transport = StubTransport(always: Self.ok)
    _ = try await makeClient(transport).markets(currency: "usd", page: 1)
    #expect(await eventually { clock.parkedCount == 0 })
  }

  @Test func invalidBaseURLSendsNothing() async {
    let transport = StubTransport(always: Self.ok)
    let result = await page(makeClient(transport, baseURL: "ftp://mirror.test/api"))
    expectEqual(result, .failure(.invalidBaseURL("ftp://mirror.test/api")))
    #expect(
      result.failureMessage == "COINGECKO_BASE_URL is not an http(s) URL: ftp://mirror.test/api.")
    #expect(transport.requests.isEmpty)
  }

  @Test func policyNoneTriesOnce() async {
    let transport = StubTransport(always: .status(503))
    let result = await page(makeClient(transport, policy: .none))
    expectEqual(result, .failure(.httpStatus(code: 503, message: "")))
    expectEqual(transport.requests.count, 1)
  }
}

extension Result where Failure == CoinGeckoError {
  fileprivate var failureMessage: String? {
    guard case .failure(let error) = self else { return nil }
    return error.message
  }
}
