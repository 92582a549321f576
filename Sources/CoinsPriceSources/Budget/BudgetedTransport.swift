import CoinGeckoAPI
import CoinsHTTP

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An ``HTTPTransport`` whose requests to one host go through the ``RequestBudget``: each waits
/// for its turn, and each answer teaches the budget. A request the budget refuses is not sent:
/// it is answered here with a 429 marked ``refusalHeader``, the wait that did not fit in
/// ``refusedWaitHeader``, and a `Retry-After` of a day, so that a client that retries on 429
/// (`CoinGeckoClient`) gives up at once, as it does when a server asks for more than its
/// deadline, instead of waiting outside the budget.
package struct BudgetedTransport: HTTPTransport {
  /// The header that marks a 429 the budget made up: the request was never sent.
  package static let refusalHeader = "x-coins-budget"
  /// The header of a refusal holding the wait, in seconds, that did not fit in `max_wait`.
  package static let refusedWaitHeader = "x-coins-budget-wait"
  /// The `Retry-After` of a refusal, in seconds: a day, more than any deadline.
  package static let refusalRetryAfter = 86_400

  private let inner: any HTTPTransport
  private let budget: RequestBudget
  private let host: String

  /// Sends through `inner`, paced as `host` (a ``BudgetHost`` name) by `budget`.
  package init(_ inner: any HTTPTransport, budget: RequestBudget, host: String) {
    self.inner = inner
    self.budget = budget
    self.host = host
  }

  /// Waits for the budget, then sends; a refusal is a made-up 429.
  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let admission = try await budget.admit(host)
    if case .refused(let seconds) = admission {
      let wait = String(Int(seconds.rounded(.up)))
      return HTTPResponse(
        status: 429,
        headers: [
          "Retry-After": String(Self.refusalRetryAfter), Self.refusalHeader: "max_wait",
          Self.refusedWaitHeader: wait,
        ])
    }
    do {
      let response = try await inner.send(request)
      await budget.record(host, response: response, probe: admission == .probe)
      return response
    } catch {
      await budget.recordNoAnswer(host, probe: admission == .probe)
      throw error
    }
  }
}
