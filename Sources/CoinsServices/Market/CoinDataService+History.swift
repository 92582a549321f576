import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// A coin's history as `request` wants it: a cached answer younger than its age, else
  /// CoinGecko, else (for transient failures, when allowed) the cached answer of any age or,
  /// for 7 days of prices, the market's sparkline.
  ///
  /// A named range beyond the plan's 365 days (HTTP 401, 10012) is asked for once more as the
  /// last year, and the plan's message kept in ``HistorySnapshot/limitedBy``; that is
  /// remembered for the range's cache age, so the longer range is not asked for again.
  public func history(_ request: HistoryRequest) async throws(CoinGeckoError) -> HistorySnapshot {
    let now = timeSource.now()
    if case .range(let range) = request.window, range != .year,
      let limit = answers?.load(request.cacheName + "-limited"),
      Self.isFresh(limit.storedAt, maxAge: range.cacheAge(at: now), now: now)
    {
      return try await lastYear(of: request, because: String(decoding: limit.body, as: UTF8.self))
    }
    do {
      return try await fetchOrReuse(request, now: now)
    } catch .planLimit(CoinGeckoError.historyBeyondPlan, let message) {
      guard case .range(let range) = request.window, range != .year else {
        throw .planLimit(code: CoinGeckoError.historyBeyondPlan, message: message)
      }
      let reason = CoinGeckoError.historyLimit
      try? answers?.store(Data(reason.utf8), as: request.cacheName + "-limited")
      return try await lastYear(of: request, because: reason)
    }
  }

  /// Whether requests carry an API key (without one, CoinGecko allows only a few a minute).
  nonisolated package var hasAPIKey: Bool { client.configuration.apiKey != nil }

  var answers: AnswerCache? { cache.map { AnswerCache(directory: $0.directory) } }

  private func lastYear(of request: HistoryRequest, because reason: String)
    async throws(CoinGeckoError) -> HistorySnapshot
  {
    var year = request
    year.window = .range(.year)
    var snapshot = try await fetchOrReuse(year, now: timeSource.now())
    snapshot.limitedBy = reason
    return snapshot
  }

  private func fetchOrReuse(_ request: HistoryRequest, now: Date) async throws(CoinGeckoError)
    -> HistorySnapshot
  {
    let cached = answers?.load(request.cacheName)
    let maxAge = request.maxAge ?? request.window.cacheAge(at: now)
    if let cached, Self.isFresh(cached.storedAt, maxAge: maxAge, now: now),
      let fresh = try? Self.decode(cached.body, request, asOf: cached.storedAt, source: .live)
    {
      return fresh
    }
    do {
      let body = try await fetch(request, now: now)
      let snapshot = try Self.decode(body, request, asOf: timeSource.now(), source: .live)
      try? answers?.store(body, as: request.cacheName)
      return snapshot
    } catch {
      guard error.isTransient, request.allowFallback else { throw error }
      if let cached,
        var stale = try? Self.decode(cached.body, request, asOf: cached.storedAt, source: .cache)
      {
        stale.staleReason = error.message
        return stale
      }
      if request.window == .range(.week), !request.candles,
        let market = cachedSnapshot(currency: request.currency) ?? sampleSnapshot(),
        let coin = market.coin(id: request.id), !coin.sparklinePoints.isEmpty
      {
        return HistorySnapshot(
          history: HistorySnapshot.sparkline(
            coin.sparklinePoints, end: coin.lastUpdated ?? market.asOf),
          window: request.window, source: market.source == .sample ? .sample : .cache,
          asOf: market.asOf, staleReason: error.message, fromSparkline: true)
      }
      throw error
    }
  }

  /// Stored less than `maxAge` seconds ago (and not from the future: a clock set back).
  static func isFresh(_ storedAt: Date, maxAge: Double, now: Date) -> Bool {
    let age = now.timeIntervalSince(storedAt)
    return maxAge > 0 && age >= -60 && age < maxAge
  }

  private func fetch(_ request: HistoryRequest, now: Date) async throws(CoinGeckoError) -> Data {
    switch (request.window, request.candles) {
    case (.range(let range), true):
      return try await client.ohlc(
        id: request.id, currency: request.currency, days: range.candleDays(at: now)
      ).body
    case (.range(let range), false):
      return try await client.marketChart(
        id: request.id, currency: request.currency, days: range.marketChartDays(at: now)
      ).body
    case (.between(let from, let to), false):
      return try await client.marketChart(
        id: request.id, currency: request.currency, from: from, to: to
      ).body
    case (.between(let from, _), true):
      // `/ohlc` has no window form: the smallest `days` reaching back to `from`, cut after.
      let days = Int((now.timeIntervalSince1970 - Double(from)) / 86_400) + 1
      let asked = HistoryRange.candleDays.first { $0 >= days }.map(String.init) ?? "max"
      return try await client.ohlc(id: request.id, currency: request.currency, days: asked).body
    }
  }

  /// A stored or fetched body as a snapshot, cut to the window (a year to date is asked for
  /// in whole days; candles for a window come from a longer answer).
  static func decode(_ body: Data, _ request: HistoryRequest, asOf: Date, source: DataSource)
    throws(CoinGeckoError) -> HistorySnapshot
  {
    let start: Int64?
    let end: Int64?
    switch request.window {
    case .range(let range):
      start = range == .yearToDate ? range.start(at: asOf) : nil
      end = nil
    case .between(let from, let to):
      (start, end) = (from * 1000, to * 1000)
    }
    if request.candles {
      let series = try CoinGeckoClient.decodeCandles(body)
      let kept = CandleSeries(
        sorted: series.candles.filter {
          $0.milliseconds >= (start ?? .min) && $0.milliseconds <= (end ?? .max)
        })
      return HistorySnapshot(
        history: kept.closes, candles: kept, window: request.window, source: source,
        asOf: asOf)
    }
    var history = try CoinGeckoClient.decodePrices(body)
    if let start { history = history.since(start) }
    return HistorySnapshot(history: history, window: request.window, source: source, asOf: asOf)
  }
}
