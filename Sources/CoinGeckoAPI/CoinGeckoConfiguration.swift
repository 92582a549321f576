import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where `coins` talks to CoinGecko and with which key, read from the environment.
public struct CoinGeckoConfiguration: Sendable, Equatable {
  /// The public host, used without a key or with a Demo key.
  public static let publicBaseURL = "https://api.coingecko.com/api/v3"
  /// The Pro host, used with a Pro key.
  public static let proBaseURL = "https://pro-api.coingecko.com/api/v3"

  /// An API key and the header it travels in.
  public struct APIKey: Sendable, Equatable {
    /// The header name: `x-cg-demo-api-key` or `x-cg-pro-api-key`.
    public var header: String
    /// The secret itself; never printed.
    public var value: String

    /// Each member as given.
    package init(header: String, value: String) {
      self.header = header
      self.value = value
    }
  }

  /// The base URL, without a trailing slash, e.g. `https://api.coingecko.com/api/v3`.
  public var baseURL: String
  /// The key to send, if any.
  public var apiKey: APIKey?
  /// Seconds to wait for one answer.
  public var requestTimeout: TimeInterval
  /// The `User-Agent` header value.
  public var userAgent: String

  /// Creates a configuration.
  public init(
    baseURL: String = publicBaseURL, apiKey: APIKey? = nil, requestTimeout: TimeInterval = 10,
    userAgent: String = "coins/\(CoinsVersion.current)"
  ) {
    var trimmed = baseURL
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.baseURL = trimmed
    self.apiKey = apiKey
    self.requestTimeout = requestTimeout
    self.userAgent = userAgent
  }

  /// Reads `COINGECKO_BASE_URL`, `COINGECKO_PRO_API_KEY` and `COINGECKO_DEMO_API_KEY`.
  ///
  /// The base URL is `COINGECKO_BASE_URL` if set, else the Pro host when a Pro key is set,
  /// else the public host.
  public static func fromEnvironment(
    _ environment: [String: String], requestTimeout: TimeInterval = 10
  ) -> CoinGeckoConfiguration {
    func value(_ name: String) -> String? {
      guard let raw = environment[name]?.trimmingWhitespace(), !raw.isEmpty
      else { return nil }
      return raw
    }
    let proKey = value("COINGECKO_PRO_API_KEY")
    let demoKey = value("COINGECKO_DEMO_API_KEY")
    let key: APIKey? =
      if let proKey {
        APIKey(header: "x-cg-pro-api-key", value: proKey)
      } else if let demoKey {
        APIKey(header: "x-cg-demo-api-key", value: demoKey)
      } else {
        nil
      }
    let base = value("COINGECKO_BASE_URL") ?? (proKey != nil ? proBaseURL : publicBaseURL)
    return CoinGeckoConfiguration(baseURL: base, apiKey: key, requestTimeout: requestTimeout)
  }

  /// The host name, for messages such as "Cannot reach api.coingecko.com".
  public var host: String {
    URLComponents(string: baseURL)?.host ?? baseURL
  }
}
