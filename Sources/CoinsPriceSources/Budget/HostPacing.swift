import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the request budget knows of one host: its bucket, whether a 429 paused it and until
/// when, and the probe that goes first after a pause.
struct HostPacing {
  var bucket: TokenBucket
  /// Set by a 429: nothing is sent before; the first request after is the probe.
  var pausedUntil: Date?
  /// The probe has been sent and not answered yet: the rest wait for it.
  var probeInFlight = false
  /// The requests waiting for the probe's answer.
  var waiters: [CheckedContinuation<Void, Never>] = []

  /// The host's request-weight count, where it has one.
  let usedWeight: BudgetHost.UsedWeight?

  init(host: BudgetHost, now: Date) {
    bucket = TokenBucket(perMinute: host.perMinute, capacity: host.burst, now: now)
    usedWeight = host.usedWeight
  }

  /// Follows `x-ratelimit-limit` (requests a minute), `x-ratelimit-remaining` (what is left of
  /// the window) and `x-ratelimit-reset` (when the window starts again: nothing more is sent
  /// before it once nothing is left), and a used-weight header (Binance's).
  mutating func follow(_ headers: [String: String], now: Date) {
    if let usedWeight,
      let used = headers[usedWeight.header].flatMap({ Double($0.trimmingWhitespace()) })
    {
      // What is left of the minute's weight, in requests; none left: wait for the next minute.
      let left = ((usedWeight.limit - used) / usedWeight.perRequest).rounded(.down)
      bucket.limit(to: left, now: now)
      if left < 1 {
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down) + 1
        pausedUntil = Date(timeIntervalSince1970: minute * 60)
      }
    }
    if let limit = headers["x-ratelimit-limit"].flatMap({ Double($0.trimmingWhitespace()) }),
      limit > 0
    {
      bucket.refill(now: now)
      bucket.perMinute = limit
    }
    guard
      let remaining = headers["x-ratelimit-remaining"].flatMap({
        Double($0.trimmingWhitespace())
      })
    else { return }
    bucket.limit(to: remaining, now: now)
    let resetOnly = headers.filter { $0.key == "x-ratelimit-reset" }
    if remaining < 1, let reset = RetryAfter.seconds(in: resetOnly, now: now), reset > 0 {
      pausedUntil = now.addingTimeInterval(reset)
    }
  }
}
