#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
