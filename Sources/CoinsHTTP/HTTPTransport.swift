#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends one HTTP request and returns its answer: the only door to the network.
///
/// Production uses the one the executable wires in (libcurl, in `CoinsCurlTransport`); tests use
/// a closure-backed stub.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the answer, or throws ``TransportError`` (or `CancellationError`).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
