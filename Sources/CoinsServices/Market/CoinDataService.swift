import CoinGeckoAPI
import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Owns the live market state: fetches it from CoinGecko, keeps the last good answer in the
/// cache, falls back honestly when the API fails, and broadcasts every new snapshot.
public actor CoinDataService {
  /// How many market pages are fetched at once when more than 250 coins are wanted.
  package static let maxConcurrentPages = 2

  let client: CoinGeckoClient
  let cache: MarketCache?
  private let sampleLoader: @Sendable () -> MarketSnapshot?
  let timeSource: any TimeSource
  private var subscribers = SubscriberList<MarketSnapshot>()

  /// The newest snapshot this service has produced.
  public private(set) var latest: MarketSnapshot?

  private var sample: MarketSnapshot?

  /// Ends the running refresh loop's wait between ticks (``refreshNow(at:)``).
  var refreshWake: RefreshWake?

  /// When the refresh loop will next ask the API, while it runs.
  public private(set) var nextRefresh: Date?

  /// Creates a service; `cache` may be `nil` to keep nothing on disk.
  public init(
    client: CoinGeckoClient, cache: MarketCache?,
    sampleLoader: @escaping @Sendable () -> MarketSnapshot? = { BundledSample.load() },
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.client = client
    self.cache = cache
    self.sampleLoader = sampleLoader
    self.timeSource = timeSource
  }

  /// A stream of every snapshot from now on, starting with the latest one if there is one.
  ///
  /// Each subscriber gets its own stream that keeps only the newest unread snapshot, so a slow
  /// reader skips to the present instead of falling behind.
  public func updates() -> AsyncStream<MarketSnapshot> {
    subscribers.add(initial: latest) { [weak self] id in
      Task { await self?.removeSubscriber(id) }
    }
  }

  /// How many streams are subscribed (a hook for tests).
  package var subscriberCount: Int { subscribers.count }

  /// Ends every subscriber's stream.
  public func finish() {
    subscribers.finishAll()
  }

  /// The market as `request` wants it: a fresh-enough cache, else the API, else (for transient
  /// failures, when allowed) the newest cache of any age, else the bundled sample.
  ///
  /// Errors that are the user's (an unknown currency) are thrown, never hidden by a fallback.
  public func snapshot(for request: MarketRequest) async throws(CoinGeckoError) -> MarketSnapshot {
    let snapshot = try await resolve(request)
    publish(snapshot)
    return snapshot
  }

  /// Sends a snapshot to every subscriber and makes it the latest.
  public func publish(_ snapshot: MarketSnapshot) {
    latest = snapshot
    subscribers.yield(snapshot)
  }

  private func removeSubscriber(_ id: Int) {
    subscribers.remove(id)
  }

  func setNextRefresh(_ date: Date?) {
    nextRefresh = date
  }

  /// The market's global figures in `currency`: a cached answer younger than `maxAge`, else
  /// `/global`, else (for transient failures, when allowed) the cached answer of any age.
  public func global(currency: String, maxAge: Double, allowFallback: Bool)
    async throws(CoinGeckoError) -> GlobalSnapshot
  {
    let client = self.client
    let answer = try await storedAnswer(
      named: "global", maxAge: maxAge, allowFallback: allowFallback,
      fetch: { () async throws(CoinGeckoError) in try await client.global().body },
      decode: { body throws(CoinGeckoError) in try CoinGeckoClient.decodeGlobal(body) })
    return GlobalSnapshot(
      stats: answer.value.stats(currency: currency), asOf: answer.asOf, source: answer.source,
      staleReason: answer.staleReason)
  }

  package func cachedSnapshot(currency: String) -> MarketSnapshot? {
    guard var cached = cache?.load(currency: currency) else { return nil }
    cached.source = .cache
    return cached
  }

  /// The bundled sample, decoded at most once per service.
  package func sampleSnapshot() -> MarketSnapshot? {
    if let sample { return sample }
    sample = sampleLoader()
    return sample
  }

  /// A fresh-enough cache or the API, without any fallback; a fresh answer is cached.
  func resolveForRefresh(_ request: MarketRequest) async throws(CoinGeckoError) -> MarketSnapshot {
    var strict = request
    strict.allowFallback = false
    return try await resolve(strict)
  }

  private func resolve(_ request: MarketRequest) async throws(CoinGeckoError) -> MarketSnapshot {
    // A refresh tick that must ask the API and may not fall back has no use for the cache.
    let cache = marketCache(for: request)
    let cached =
      request.maxAge > 0 || request.allowFallback
      ? cache?.load(currency: request.currency, sparklines: request.sparklines) : nil
    if let cached, request.maxAge > 0, Self.covers(cached, request) {
      let age = timeSource.now().timeIntervalSince(cached.asOf)
      if age >= -60 && age < request.maxAge { return cached }
    }
    do {
      let fresh = try await fetch(request)
      // A watchlist's answer (its ids alone) must not replace the cached market, and an empty
      // answer (an unknown category) says nothing worth keeping.
      if request.pageCount > 0, !fresh.coins.isEmpty, let cache {
        try? cache.store(fresh)
        StartupTrace.mark("cache-written")
      }
      return fresh
    } catch {
      guard error.isTransient, request.allowFallback else { throw error }
      if var cached {
        cached.source = .cache
        cached.staleReason = error.message
        return cached
      }
      if request.category == nil, var sample = sampleSnapshot() {
        sample.staleReason = error.message
        return sample
      }
      throw error
    }
  }

  /// Where the market `request` wants is cached: a category's apart from the whole market's
  /// (`category-<id>/` under the cache folder), so neither ever overwrites the other.
  func marketCache(for request: MarketRequest) -> MarketCache? {
    guard let category = request.category else { return cache }
    let safe = String(category.unicodeScalars.filter { $0.isASCIIAlphanumeric || $0 == "-" })
    return cache.map {
      MarketCache(directory: $0.directory.appendingPathComponent("category-\(safe)"))
    }
  }

  /// Whether a cached snapshot has every coin the request wants.
  package static func covers(_ snapshot: MarketSnapshot, _ request: MarketRequest) -> Bool {
    if request.category != nil {
      // A category's coins are ranked in the whole market: count them instead. A last page
      // that was not full means the category had no more.
      let count = snapshot.coins.count
      return count >= request.count || count % CoinGeckoEndpoint.maxPerPage != 0
    }
    // Only coins within the pages asked for count: coins added by an `ids` request (ranked 640,
    // say) must not stand in for ranks 251–255.
    let pagesReach = request.pageCount * CoinGeckoEndpoint.maxPerPage
    let inPages = snapshot.coins.lazy.filter { ($0.rank ?? .max) <= pagesReach }.count
    guard inPages >= min(request.count, pagesReach) else { return false }
    let ids = Set(snapshot.coins.map(\.id))
    return request.extraIDs.allSatisfy(ids.contains)
  }

  /// Fetches the pages the request needs (each once, a few at a time) and any extra ids.
  private func fetch(_ request: MarketRequest) async throws(CoinGeckoError) -> MarketSnapshot {
    let client = self.client
    let currency = request.currency
    let category = request.category
    let page = { @Sendable (page: Int) async throws(CoinGeckoError) -> [Coin] in
      if let category {
        return try await client.markets(currency: currency, category: category, page: page)
      }
      return try await client.markets(currency: currency, page: page)
    }
    // One page (every top 250 and below) is asked for directly: no child task to start and
    // wait for.
    var coins =
      request.pageCount == 1
      ? try await page(1)
      : try await Self.pages(request.pageCount, of: page, deadline: client.deadline)
    var seen = request.extraIDs.isEmpty ? [] : Set(coins.map(\.id))
    let missing = request.extraIDs.filter { !seen.contains($0) }
    for start in stride(from: 0, to: missing.count, by: CoinGeckoEndpoint.maxPerPage) {
      let batch = Array(missing[start..<min(start + CoinGeckoEndpoint.maxPerPage, missing.count)])
      for coin in try await client.markets(currency: currency, ids: batch)
      where !seen.contains(coin.id) {
        seen.insert(coin.id)
        coins.append(coin)
      }
    }
    return MarketSnapshot(
      coins: Self.deduplicated(coins), currency: currency, asOf: timeSource.now(), source: .live)
  }

  /// Pages fetched a moment apart can overlap when ranks shift: keep each id once.
  /// Pages 1 through `count`, `maxConcurrentPages` at a time, in the order they arrive.
  private static func pages(
    _ count: Int, of page: @escaping @Sendable (Int) async throws(CoinGeckoError) -> [Coin],
    deadline: Double
  ) async throws(CoinGeckoError) -> [Coin] {
    do {
      return try await withThrowingTaskGroup(of: [Coin].self) { group in
        var pages = (1..<count + 1).makeIterator()
        for _ in 0..<maxConcurrentPages {
          guard let number = pages.next() else { break }
          group.addTask { try await page(number) }
        }
        var collected: [Coin] = []
        while let pageCoins = try await group.next() {
          collected += pageCoins
          if let number = pages.next() {
            group.addTask { try await page(number) }
          }
        }
        return collected
      }
    } catch let error as CoinGeckoError {
      throw error
    } catch {
      throw .timedOut(seconds: deadline)
    }
  }

  private static func deduplicated(_ coins: [Coin]) -> [Coin] {
    var seen = Set<String>(minimumCapacity: coins.count)
    guard let first = coins.indices.first(where: { !seen.insert(coins[$0].id).inserted }) else {
      return coins  // the usual case: nothing to drop, nothing copied
    }
    return Array(coins[..<first]) + coins[first...].filter { seen.insert($0.id).inserted }
  }
}
