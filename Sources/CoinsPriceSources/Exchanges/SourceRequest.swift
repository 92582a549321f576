import CoinGeckoAPI
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
    /// No answer: why, as a phrase (`could not be reached: connection refused`).
    case noAnswer(String)
  }

  /// The `User-Agent` every source sends (Coinbase refuses a request without one).
  package static let userAgent = "coins/\(CoinsVersion.current)"

  /// Sends a GET of `url` through `transport`.
  package static func get(_ url: String, through transport: any HTTPTransport, timeout: Double)
    async -> Outcome
  {
    guard let address = URL(string: url) else { return .noAnswer("has an invalid address \(url)") }
    let request = HTTPRequest(
      url: address, headers: ["User-Agent": userAgent, "Accept": "application/json, text/csv"],
      timeout: timeout)
    do {
      let response = try await transport.send(request)
      let body = [UInt8](response.body)
      return (200..<300).contains(response.status)
        ? .body(body) : .status(response.status, body)
    } catch let error as TransportError {
      return .noAnswer(phrase(error))
    } catch {
      return .noAnswer("was not asked (cancelled)")
    }
  }

  /// Why a 429 stopped a source: the budget's refusal, or the service's.
  package static func rateLimitReason(_ source: PriceSourceName) -> String {
    "rate limited: \(source.displayName) asked to wait longer than max_wait allows"
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
