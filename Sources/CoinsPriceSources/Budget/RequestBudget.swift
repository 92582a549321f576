import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Paces the requests of one command to each host: a token bucket per host at its starting
/// rate, then at what the host's `x-ratelimit-*` headers say; after a 429 every request to that
/// host waits until `Retry-After` (else `x-ratelimit-reset`, else 60 s), and one probe goes
/// before the rest resume. The command waits `maxWait` seconds in all at most: a wait that would
/// pass it is refused, and the request is not sent.
package actor RequestBudget {
  /// What ``admit(_:)`` decided.
  package enum Admission: Equatable, Sendable {
    /// Send the request now.
    case send
    /// Send it now as the probe after a pause: the rest wait for its answer, which must be
    /// recorded with `probe: true`.
    case probe
    /// Do not send it: the host needs `seconds` more than the budget's wait has left.
    case refused(seconds: Double)
  }

  private var hosts: [String: HostPacing] = [:]
  private let maxWait: Double
  private let timeSource: any TimeSource
  private let onWait: @Sendable (BudgetWait) -> Void
  private var waited = 0.0
  private var waitedUntil = Date.distantPast

  /// A budget for `hosts`, waiting at most `maxWait` seconds in all, telling `onWait` before
  /// each wait.
  package init(
    hosts: [BudgetHost], maxWait: Double = 300, timeSource: any TimeSource = SystemTimeSource(),
    onWait: @escaping @Sendable (BudgetWait) -> Void = { _ in }
  ) {
    let now = timeSource.now()
    for host in hosts { self.hosts[host.name] = HostPacing(host: host, now: now) }
    self.maxWait = maxWait
    self.timeSource = timeSource
    self.onWait = onWait
  }

  /// Seconds waited so far (waits that overlap counted once).
  package var secondsWaited: Double { waited }

  /// Waits until a request to `host` may go, or refuses it. A host the budget does not know is
  /// not paced. While a probe is out, the rest wait for its answer (bounded by the probe's own
  /// request timeout; a cancelled waiter leaves when it comes).
  package func admit(_ host: String) async throws -> Admission {
    while true {
      let now = timeSource.now()
      guard var pacing = hosts[host] else { return .send }
      if let until = pacing.pausedUntil, now < until {
        if let refusal = try await wait(until.timeIntervalSince(now), for: host) { return refusal }
        continue
      }
      if pacing.probeInFlight {
        await withCheckedContinuation { hosts[host]?.waiters.append($0) }
        continue
      }
      if pacing.pausedUntil != nil {
        // The pause is over: this request is the probe; the rest wait for its answer.
        pacing.pausedUntil = nil
        pacing.probeInFlight = true
        hosts[host] = pacing
        return .probe
      }
      if pacing.bucket.take(now: now) {
        hosts[host] = pacing
        return .send
      }
      if let refusal = try await wait(pacing.bucket.wait(now: now), for: host) { return refusal }
    }
  }

  /// Learns from `response` of `host`: a 429 pauses the host; the `x-ratelimit-*` headers set its
  /// rate and what is left; the probe's answer lets the waiting requests go (another answer
  /// arriving meanwhile does not).
  package func record(_ host: String, response: HTTPResponse, probe: Bool) {
    guard var pacing = hosts[host] else { return }
    let now = timeSource.now()
    if response.status == 429 {
      let seconds = RetryAfter.seconds(in: response.headers, now: now) ?? 60
      pacing.pausedUntil = now.addingTimeInterval(max(seconds, 0))
      pacing.bucket.limit(to: 0, now: now)
    } else {
      pacing.follow(response.headers, now: now)
    }
    hosts[host] = pacing
    if probe { finishProbe(host) }
  }

  /// A request to `host` got no answer: when it was the probe, the next request probes.
  package func recordNoAnswer(_ host: String, probe: Bool) {
    guard probe, var pacing = hosts[host] else { return }
    pacing.pausedUntil = pacing.pausedUntil ?? timeSource.now()
    hosts[host] = pacing
    finishProbe(host)
  }

  private func finishProbe(_ host: String) {
    guard var pacing = hosts[host], pacing.probeInFlight else { return }
    pacing.probeInFlight = false
    let waiters = pacing.waiters
    pacing.waiters = []
    hosts[host] = pacing
    for waiter in waiters { waiter.resume() }
  }

  /// Waits `seconds` for `host` if the budget allows it; else the refusal.
  private func wait(_ seconds: Double, for host: String) async throws -> Admission? {
    let now = timeSource.now()
    let end = now.addingTimeInterval(seconds)
    let added = max(0, end.timeIntervalSince(max(now, waitedUntil)))
    guard waited + added <= maxWait + 1e-9 else { return .refused(seconds: seconds) }
    waited += added
    waitedUntil = max(waitedUntil, end)
    onWait(BudgetWait(host: host, seconds: seconds))
    try await timeSource.sleep(seconds: seconds)
    return nil
  }
}
