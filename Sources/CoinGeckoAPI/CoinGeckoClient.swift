import CoinsHTTP
import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Asks CoinGecko for data: builds each request, sends it through an ``HTTPTransport``, retries
/// what is worth retrying, and turns every failure into a ``CoinGeckoError``.
public struct CoinGeckoClient: Sendable {
  /// Host, key, timeout and user agent.
  public let configuration: CoinGeckoConfiguration
  let transport: any HTTPTransport
  let retryPolicy: RetryPolicy
  /// The most seconds one call may take, retries and waits included.
  package let deadline: Double
  /// When set, no call runs past this moment: a one-shot command's deadline, shared by all
  /// the requests it makes (a live view leaves it unset and gives each call ``deadline``).
  package var endOfCommand: Date?
  let timeSource: any TimeSource
  let random: @Sendable () -> Double

  /// Creates a client. `deadline` defaults to three request timeouts.
  public init(
    configuration: CoinGeckoConfiguration, transport: any HTTPTransport,
    retryPolicy: RetryPolicy = RetryPolicy(), deadline: Double? = nil,
    timeSource: any TimeSource = SystemTimeSource(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.configuration = configuration
    self.transport = transport
    self.retryPolicy = retryPolicy
    self.deadline = deadline ?? configuration.requestTimeout * 3
    self.timeSource = timeSource
    self.random = random
  }

  /// One page of the market by market cap, with sparklines and 1h/24h/7d changes.
  public func markets(currency: String, page: Int, perPage: Int = 250) async throws(CoinGeckoError)
    -> [Coin]
  {
    let body = try await get(.markets(currency: currency, page: page, perPage: perPage))
    StartupTrace.mark("answered")
    defer { StartupTrace.mark("answer-decoded") }
    return try MarketsDecoder.decode(body, redacting: secrets)
  }

  /// The market rows of these coins (at most 250 ids).
  public func markets(currency: String, ids: [String]) async throws(CoinGeckoError) -> [Coin] {
    guard !ids.isEmpty else { return [] }
    let body = try await get(.marketsByIDs(currency: currency, ids: ids))
    return try MarketsDecoder.decode(body, redacting: secrets)
  }

  /// Coins whose name, symbol or id match `query` (CoinGecko `/search`), best-ranked first.
  public func search(_ query: String) async throws(CoinGeckoError) -> [SearchResult] {
    let body = try await get(.search(query: query))
    do {
      return try JSONDecoder().decode(SearchDTO.self, from: body).coins.map(\.result)
    } catch {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
    }
  }

  /// A coin's prices over `days` (a number or `max`) up to now, with the raw body to cache.
  package func marketChart(id: String, currency: String, days: String)
    async throws(CoinGeckoError) -> (body: Data, history: PriceHistory)
  {
    let body = try await get(.marketChart(id: id, currency: currency, days: days))
    return (body, try HistoryDecoder.prices(body, redacting: secrets))
  }

  /// A coin's prices between two UNIX seconds, with the raw body to cache.
  package func marketChart(id: String, currency: String, from: Int64, to: Int64)
    async throws(CoinGeckoError) -> (body: Data, history: PriceHistory)
  {
    let body = try await get(.marketChartRange(id: id, currency: currency, from: from, to: to))
    return (body, try HistoryDecoder.prices(body, redacting: secrets))
  }

  /// A coin's OHLC candles over `days` (1, 7, 14, 30, 90, 180, 365 or `max`), with the body.
  package func ohlc(id: String, currency: String, days: String)
    async throws(CoinGeckoError) -> (body: Data, candles: CandleSeries)
  {
    let body = try await get(.ohlc(id: id, currency: currency, days: days))
    return (body, try HistoryDecoder.candles(body, redacting: secrets))
  }

  /// Decodes a `/market_chart` body (a cached one, say).
  package static func decodePrices(_ body: Data) throws(CoinGeckoError) -> PriceHistory {
    try HistoryDecoder.prices(body)
  }

  /// Decodes an `/ohlc` body (a cached one, say).
  package static func decodeCandles(_ body: Data) throws(CoinGeckoError) -> CandleSeries {
    try HistoryDecoder.candles(body)
  }

  /// The raw `/global` answer, checked to decode.
  package func global() async throws(CoinGeckoError) -> (body: Data, answer: GlobalDTO) {
    let body = try await get(.global)
    return (body, try Self.decodeGlobal(body, secrets: secrets))
  }

  /// Decodes a `/global` body.
  package static func decodeGlobal(_ body: Data, secrets: [String] = []) throws(CoinGeckoError)
    -> GlobalDTO
  {
    do {
      return try JSONDecoder().decode(GlobalDTO.self, from: body)
    } catch {
      throw .undecodable(excerpt: APIErrorMessage.excerpt(of: body, redacting: secrets))
    }
  }

  /// The API key, to be scrubbed from any text an answer might echo back.
  var secrets: [String] { [configuration.apiKey?.value].compactMap { $0 } }

  /// The request as it goes on the wire: URL, key header, user agent.
  func request(for endpoint: CoinGeckoEndpoint, timeout: Double) throws(CoinGeckoError)
    -> HTTPRequest
  {
    guard let url = endpoint.url(baseURL: configuration.baseURL) else {
      throw .invalidBaseURL(Sanitizer.clean(configuration.baseURL))
    }
    var headers = ["Accept": "application/json", "User-Agent": configuration.userAgent]
    if let key = configuration.apiKey { headers[key.header] = key.value }
    return HTTPRequest(url: url, headers: headers, timeout: timeout)
  }

  /// GETs an endpoint with retries inside the overall deadline; returns the 2xx body.
  func get(_ endpoint: CoinGeckoEndpoint) async throws(CoinGeckoError) -> Data {
    let deadline = self.deadline
    let start = timeSource.now()
    let budget = endOfCommand.map { min(deadline, $0.timeIntervalSince(start)) } ?? deadline
    guard budget > 0 else { throw .timedOut(seconds: deadline) }
    do {
      return try await withDeadline(
        seconds: budget, timeSource: timeSource,
        onTimeout: { CoinGeckoError.timedOut(seconds: deadline) },
        operation: { try await self.attempts(endpoint, start: start, budget: budget) })
    } catch let error as CoinGeckoError {
      throw error
    } catch {
      throw .timedOut(seconds: deadline)
    }
  }

  private func attempts(_ endpoint: CoinGeckoEndpoint, start: Date, budget: Double) async throws
    -> Data
  {
    var retry = 0
    while true {
      let elapsed = timeSource.now().timeIntervalSince(start)
      let timeout = max(0.5, min(configuration.requestTimeout, budget - elapsed))
      let request = try request(for: endpoint, timeout: timeout)
      let outcome: Result<Data, CoinGeckoError>
      var serverAsked: Double?
      do {
        let response = try await transport.send(request)
        serverAsked = RetryAfter.seconds(in: response.headers, now: timeSource.now())
        outcome = check(response, retryAfter: serverAsked)
      } catch let error as TransportError {
        // A refused connection will be refused again a moment later: no retry within one
        // command, the caller falls back at once (a rate limit or a 5xx is still retried).
        if error == .refused { throw map(error) }
        outcome = .failure(map(error))
      }
      let error: CoinGeckoError
      switch outcome {
      case .success(let body): return body
      case .failure(let failure): error = failure
      }
      guard error.isRetryable, retry + 1 < retryPolicy.maxAttempts else { throw error }
      let wait = retryPolicy.delay(retry: retry, random: random(), serverAsked: serverAsked)
      let remaining = budget - timeSource.now().timeIntervalSince(start)
      // Waiting past the deadline only to fail then helps nobody: fail now and fall back.
      guard wait < remaining - 0.5 else { throw error }
      try await timeSource.sleep(seconds: wait)
      retry += 1
    }
  }

  private func check(_ response: HTTPResponse, retryAfter: Double?) -> Result<Data, CoinGeckoError>
  {
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 429:
      return .failure(.rateLimited(retryAfter: retryAfter))
    default:
      let message = APIErrorMessage.message(from: response.body, redacting: secrets)
      if let code = APIErrorMessage.errorCode(from: response.body),
        CoinGeckoError.planCodes.contains(code)
      {
        return .failure(.planLimit(code: code, message: message))
      }
      return .failure(.httpStatus(code: response.status, message: message))
    }
  }

  private func map(_ error: TransportError) -> CoinGeckoError {
    switch error {
    case .refused:
      .unreachable(host: Sanitizer.clean(configuration.host), detail: "connection refused")
    case .unreachable(let detail):
      .unreachable(host: Sanitizer.clean(configuration.host), detail: detail)
    case .insecure(.caFileUnreadable(let path?)):
      .unreadableCAFile(path: Sanitizer.clean(path))
    case .insecure(let failure):
      .insecure(host: Sanitizer.clean(configuration.host), detail: failure.detail)
    case .offline: .offline(host: Sanitizer.clean(configuration.host))
    case .timedOut: .timedOut(seconds: configuration.requestTimeout)
    case .bodyTooLarge(let limit): .bodyTooLarge(limit: limit)
    }
  }
}
