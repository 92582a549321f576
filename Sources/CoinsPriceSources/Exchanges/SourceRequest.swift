import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One GET to a price source, and its outcome in the terms the chain reports: a body, or why
/// not (a sentence naming the source).
package struct SourceRequest: Sendable {
  /// What an exchange answered.
  package enum Outcome: Sendable, Equatable {
    /// A 2xx body.
    case body([UInt8])
    /// Any other HTTP status, with the body.
    case status(Int, [UInt8])
    /// Still 429 after the retries, or refused by the request budget (`max_wait`).
    case rateLimited(refusedByBudget: Bool)
    /// No answer: why, as a phrase (`could not be reached: connection refused`).
    case noAnswer(String)
  }

  /// The `User-Agent` every source sends (Coinbase refuses a request without one).
  package static let userAgent = "coins/\(CoinsVersion.current)"

  /// How many times a 429 is asked again: behind the ``RequestBudget`` each retry waits until
  /// the host's pause is over (and goes as its probe), never sooner.
  package static let rateLimitRetries = 2

  /// Sends a GET of `url` through `transport` (a 429 asked again ``rateLimitRetries`` times).
  package static func get(_ url: String, through transport: any HTTPTransport, timeout: Double)
    async -> Outcome
  {
    var outcome = await getOnce(url, through: transport, timeout: timeout)
    for _ in 0..<rateLimitRetries {
      guard outcome == .rateLimited(refusedByBudget: false) else { break }
      outcome = await getOnce(url, through: transport, timeout: timeout)
    }
    return outcome
  }

  private static func getOnce(_ url: String, through transport: any HTTPTransport, timeout: Double)
    async -> Outcome
  {
    guard let address = URL(string: url) else { return .noAnswer("has an invalid address \(url)") }
    let request = HTTPRequest(
      url: address, headers: ["User-Agent": userAgent, "Accept": "application/json, text/csv"],
      timeout: timeout)
    do {
      let response = try await transport.send(request)
      let body = [UInt8](response.body)
      if response.status == 429 {
        return .rateLimited(
          refusedByBudget: response.headers[BudgetedTransport.refusalHeader] != nil)
      }
      return (200..<300).contains(response.status)
        ? .body(body) : .status(response.status, body)
    } catch let error as TransportError {
      return .noAnswer(phrase(error))
    } catch {
      return .noAnswer("was not asked (cancelled)")
    }
  }

  /// Why a rate limit stopped a source: the budget's refusal (waiting longer would pass
  /// `max_wait`), or the service's own refusal, still there after the retries.
  package static func rateLimitReason(_ source: PriceSourceName, refusedByBudget: Bool) -> String {
    refusedByBudget
      ? "rate limited: waiting for \(source.displayName)'s rate limit would pass max_wait"
      : "rate limited by \(source.displayName) (HTTP 429)"
  }

  private static func phrase(_ error: TransportError) -> String {
    switch error {
    case .refused: "could not be reached: connection refused"
    case .unreachable(let detail): "could not be reached: \(Sanitizer.clean(detail))"
    case .offline: "could not be reached: no network"
    case .insecure(let failure): "refused a secure connection: \(failure.detail)"
    case .timedOut: "did not answer in time"
    case .bodyTooLarge: "sent an answer too large to read"
    }
  }
}
