import Foundation

/// One HTTP GET request as `coins` sends it.
public struct HTTPRequest: Sendable, Equatable {
  /// The full URL, query included.
  public var url: URL
  /// Header fields to send.
  public var headers: [String: String]
  /// Seconds to wait for the server before giving up on this request.
  public var timeout: TimeInterval

  /// Creates a request.
  public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 10) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
  }
}

/// An HTTP answer: status, headers (names lower-cased) and the whole body.
public struct HTTPResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var status: Int
  /// Header fields, names lower-cased.
  public var headers: [String: String]
  /// The body bytes.
  public var body: Data

  /// Creates a response; header names are lower-cased.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }
}

/// Why a request got no HTTP answer at all.
public enum TransportError: Error, Sendable, Equatable {
  /// The server could not be reached (refused, no route, TLS, connection lost).
  case unreachable(String)
  /// There is no network, or the host name does not resolve: retrying at once will not help.
  case offline
  /// The server did not answer in time.
  case timedOut
  /// The body was larger than the transport accepts.
  case bodyTooLarge(limit: Int)
}

/// Sends one HTTP request and returns its answer: the only door to the network.
///
/// Production uses ``URLSessionTransport``; tests use a closure-backed stub.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the answer, or throws ``TransportError`` (or `CancellationError`).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
