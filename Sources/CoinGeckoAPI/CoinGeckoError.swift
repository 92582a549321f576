import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything that can go wrong asking CoinGecko, each with a line a user can act on.
public enum CoinGeckoError: Error, Sendable, Equatable {
  /// The host could not be reached at all.
  case unreachable(host: String, detail: String)
  /// The secure connection failed; `detail` says what (``TLSFailure/detail``).
  case insecure(host: String, detail: String)
  /// No network, or the host name does not resolve.
  case offline(host: String)
  /// No answer within the per-request timeout or the command's overall deadline.
  case timedOut(seconds: Double)
  /// HTTP 429; `retryAfter` is how long CoinGecko asked us to wait, when it said.
  case rateLimited(retryAfter: Double?)
  /// Any other HTTP error, with the API's own message (sanitized, short).
  case httpStatus(code: Int, message: String)
  /// The key's plan does not allow the request: `code` 10012 (history beyond the past 365
  /// days) or 10005 (an endpoint the plan lacks), with the API's own message.
  case planLimit(code: Int, message: String)
  /// A body that is not the JSON expected, with a short sanitized excerpt.
  case undecodable(excerpt: String)
  /// A body larger than any sane answer; it was not read.
  case bodyTooLarge(limit: Int)
  /// `COINGECKO_BASE_URL` (or the built URL) is not an http(s) URL.
  case invalidBaseURL(String)
  /// The CA file named by `SSL_CERT_FILE` cannot be read: the user's setting, so an error,
  /// never a quiet fall back to the system's store or to cached data.
  case unreadableCAFile(path: String)
  /// CoinGecko answered, but with nothing in this currency: it does not price in it.
  case unknownCurrency(String)

  /// The `error_code`s that mean "your plan does not allow this".
  public static let planCodes: Set<Int> = [historyBeyondPlan, 10005]
  /// The `error_code` of a history reaching back further than the plan allows.
  public static let historyBeyondPlan = 10012

  /// Whether a fallback to cached or sample data is fair: the fault is the network's or the
  /// server's, not the user's (an unknown currency or a bad key are reported, not hidden).
  public var isTransient: Bool {
    switch self {
    case .unreachable, .insecure, .offline, .timedOut, .rateLimited, .undecodable, .bodyTooLarge:
      true
    case .httpStatus(let code, _): code >= 500 || code == 408 || code == 403
    case .invalidBaseURL, .unreadableCAFile, .unknownCurrency, .planLimit: false
    }
  }

  /// Whether CoinGecko refused the request's currency (`vs_currency`): it does not price in it.
  public var refusesCurrency: Bool {
    switch self {
    case .unknownCurrency: true
    case .httpStatus(400, let message): message.contains("vs_currency")
    default: false
    }
  }

  /// Whether trying the same request again may help.
  package var isRetryable: Bool {
    switch self {
    case .unreachable, .timedOut, .rateLimited: true
    case .httpStatus(let code, _): code >= 500 || code == 408
    case .insecure, .offline, .undecodable, .bodyTooLarge, .invalidBaseURL, .unreadableCAFile,
      .unknownCurrency, .planLimit:
      false
    }
  }

  /// One line for the user, without the `Error: ` prefix, ending with a full stop.
  public var message: String {
    switch self {
    case .unreachable(let host, let detail):
      return "Cannot reach \(host) (\(detail))."
    case .insecure(let host, let detail):
      return "Cannot reach \(host) securely: \(detail)."
    case .offline(let host):
      return "Cannot reach \(host): there is no network or the name does not resolve."
    case .timedOut(let seconds):
      return "CoinGecko did not answer within \(Self.seconds(seconds))."
    case .rateLimited(let retryAfter?):
      return "CoinGecko's rate limit was reached; it asks to wait \(Self.seconds(retryAfter)). "
        + "A free Demo key (COINGECKO_DEMO_API_KEY) raises the limit."
    case .rateLimited(nil):
      return "CoinGecko's rate limit was reached; try again in a minute. "
        + "A free Demo key (COINGECKO_DEMO_API_KEY) raises the limit."
    case .httpStatus(let code, let message):
      return message.isEmpty
        ? "CoinGecko answered HTTP \(code)."
        : Sentence.ended("CoinGecko answered HTTP \(code): \(message)")
    case .planLimit(Self.historyBeyondPlan, _):
      // CoinGecko's own message is a long sales pitch: this says the same in one line.
      return Self.historyLimit + " A Pro key (COINGECKO_PRO_API_KEY) reaches further back."
    case .planLimit(let code, let message):
      return Sentence.ended(
        "CoinGecko refused the request under the key's plan (error \(code))"
          + (message.isEmpty ? "" : ": \(message)"))
        + " A paid plan's key (COINGECKO_PRO_API_KEY) allows it."
    case .undecodable(let excerpt):
      return excerpt.isEmpty
        ? "CoinGecko sent an answer coins cannot read (empty body)."
        : Sentence.ended("CoinGecko sent an answer coins cannot read: \(excerpt)")
    case .bodyTooLarge(let limit):
      return "CoinGecko's answer was larger than \(limit / 1_048_576) MB and was refused."
    case .invalidBaseURL(let url):
      return Sentence.ended("COINGECKO_BASE_URL is not an http(s) URL: \(url)")
    case .unreadableCAFile(let path):
      return "The CA file \(path) (SSL_CERT_FILE) cannot be read."
    case .unknownCurrency(let code):
      return "CoinGecko has no prices in '\(code)'. Use a currency code it supports, such as "
        + "usd, eur or btc."
    }
  }

  /// The days of history the free plans reach.
  static let freePlanDays = 365

  /// Why a longer range than a year shows the last year: the plan's limit, in one sentence.
  public static let historyLimit =
    "CoinGecko's plan limits history to the past \(freePlanDays) days."

  private static func seconds(_ value: Double) -> String {
    let rounded = max(0, value.rounded(.up))
    return rounded >= 1 && rounded < 1e9 ? "\(Int(rounded)) s" : "\(rounded) s"
  }
}
