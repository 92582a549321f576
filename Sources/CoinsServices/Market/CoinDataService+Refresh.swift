import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinDataService {
  /// Keeps the market fresh for a live view: one request per tick (plus the `ids` request for
  /// extra coins), each result published to every subscriber, until the task is cancelled or
  /// `maxTicks` ticks have run. Only the API's answers are published as live: the cache, even a
  /// fresh one, stands in only as cached (``publishStandIn(currency:sampleToo:reason:)``).
  ///
  /// A transient failure never ends the loop: the last good snapshot is published again marked
  /// stale (source `.cache`, with its age and the reason) — or, before any success, the cache
  /// or the sample — and the next try is backed off by ``RefreshSchedule``. A failure that is
  /// the user's (an unknown currency) ends the loop by throwing it.
  ///
  /// With `clockStart`, refreshes keep to the interval's clock — `clockStart + k × interval` —
  /// instead of drifting by each fetch's time: a refresh starts at the first tick that is both
  /// due (an interval, or the backoff, after the tick the previous one started at) and not
  /// already past. ``refreshNow(at:)`` ends the wait between ticks: the loop refreshes at
  /// once, and its clock starts again from that moment.
  public func runRefreshLoop(
    _ request: MarketRequest, interval: Double, maxTicks: Int? = nil, clockStart: Date? = nil,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) async throws(CoinGeckoError) {
    var schedule = RefreshSchedule(interval: interval)
    var clockStart = clockStart
    var started = clockStart ?? timeSource.now()
    let wake = RefreshWake()
    refreshWake = wake
    var tick = 0
    var wanted = request
    wanted.allowFallback = false
    // Every tick asks the API, the first too: a cached answer, however fresh, is never passed
    // off as live (the watch shows the cache at once, labelled, while the first one is asked).
    wanted.maxAge = 0
    defer {
      setNextRefresh(nil)
      refreshWake = nil
    }
    while !Task.isCancelled {
      let delay: Double
      let result: MarketSnapshot?
      var failed = false
      do {
        result = try await resolveForRefresh(wanted)
        delay = schedule.succeeded()
      } catch {
        failed = true
        // A request cut short by cancellation is the loop ending, not CoinGecko failing.
        if Task.isCancelled { break }
        guard error.isTransient else { throw error }
        var retryAfter: Double?
        if case .rateLimited(let seconds) = error { retryAfter = seconds }
        delay = schedule.failed(retryAfter: retryAfter, random: random())
        result = staleSnapshot(for: request, reason: error)
      }
      tick += 1
      let isLast = maxTicks.map { tick >= $0 } ?? false
      // The snapshot carries the countdown, so views need not ask the service for it.
      let now = timeSource.now()
      var next = isLast ? nil : now.addingTimeInterval(delay)
      if let clockStart, !isLast {
        // After a success the next tick is an interval after this one's; after a failure the
        // backoff counts from the failure, so a slow start never shortens a server's wait.
        let due = max(
          (failed ? now : started).addingTimeInterval(delay), now)
        let ticks = (due.timeIntervalSince(clockStart) / interval - 1e-9).rounded(.up)
        next = clockStart.addingTimeInterval(max(0, ticks) * interval)
      }
      if var snapshot = result {
        snapshot.nextRefresh = next
        publish(snapshot)
      }
      if isLast { return }
      setNextRefresh(next)
      let asked: Date?
      do {
        asked = try await wake.sleep(
          seconds: next.map { $0.timeIntervalSince(now) } ?? delay, on: timeSource)
      } catch {
        return
      }
      if let asked {
        // Refreshed by hand: the interval counts from now on.
        if clockStart != nil { clockStart = asked }
        started = asked
        continue
      }
      started = next ?? timeSource.now()
    }
  }

  /// Asks the running refresh loop to refresh now, at `date`, and to count its interval from
  /// there; `false` (nothing asked) when no loop is waiting between ticks — a refresh is
  /// under way.
  public func refreshNow(at date: Date) -> Bool {
    refreshWake?.request(at: date) ?? false
  }

  /// Until CoinGecko first answers a live view, what stands in for it: the cached market in
  /// `currency` (or, with `sampleToo`, the bundled sample when nothing is cached), its stale
  /// reason what `reason` says of it, published when nothing has been yet; whether it was.
  public func publishStandIn(
    currency: String, sampleToo: Bool, reason: (MarketSnapshot) -> String
  ) -> Bool {
    guard latest == nil else { return false }
    var standIn = cachedSnapshot(currency: currency)
    if standIn == nil, sampleToo, let sample = sampleSnapshot(), sample.currency == currency {
      standIn = sample
    }
    guard var standIn else { return false }
    standIn.staleReason = reason(standIn)
    publish(standIn)
    return true
  }

  /// The last good data marked stale, else the cache, else the sample.
  private func staleSnapshot(for request: MarketRequest, reason: CoinGeckoError) -> MarketSnapshot?
  {
    var base = latest ?? cachedSnapshot(currency: request.currency) ?? sampleSnapshot()
    guard base != nil else { return nil }
    if base?.source == .live { base?.source = .cache }
    // A 429 says what it is first: the data is old because CoinGecko is rate limiting us.
    if case .rateLimited = reason {
      base?.staleReason = "Rate limited by CoinGecko (HTTP 429): " + reason.message
    } else {
      base?.staleReason = reason.message
    }
    return base
  }
}
