import FoundationEssentials

/// One HTTP GET request as `coins` sends it.
public struct HTTPRequest: Sendable, Equatable {
  /// The full URL, query included.
  public var url: URL
  /// Header fields to send.
  public var headers: [String: String]
  /// Seconds to wait for the server before giving up on this request.
  public var timeout: TimeInterval
  /// Shown the body while it arrives, when the transport can (``CurlTransport`` does). Not
  /// part of what is sent, so requests that differ only in it are equal.
  package var bodyObserver: (any HTTPBodyObserver)?

  /// Creates a request.
  public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 10) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
  }
}

extension HTTPRequest {
  /// Equal when the same request goes on the wire: URL, headers and timeout.
  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.timeout == rhs.timeout
  }
}
