/// The transport when libcurl cannot be loaded: every request fails at once, saying why, so a
/// command falls back to cached data as for any network failure (or, with `--live`, exits 69).
package struct UnavailableTransport: HTTPTransport {
  /// Why there is no network stack.
  package var reason: String

  /// A transport that refuses every request for `reason`.
  package init(reason: String) {
    self.reason = reason
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    throw TransportError.unreachable(reason)
  }
}
