#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
