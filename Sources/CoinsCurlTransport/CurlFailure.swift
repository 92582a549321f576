import CCurlShim
import CoinsHTTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What libcurl reported about a transfer that failed, and the ``TransportError`` that means.
///
/// The mapping keeps the texts `URLSessionTransport` gave for the same situations, and tells
/// TLS failures apart (libcurl's code, OpenSSL's verify result and libcurl's own text).
package struct CurlFailure: Sendable, Equatable {
  /// The `CURLcode` of `curl_easy_perform`.
  var code: Int32
  /// `CURLINFO_OS_ERRNO`: the errno of the failed connect, or 0.
  var osErrno: Int = 0
  /// `CURLINFO_SSL_VERIFYRESULT`: OpenSSL's `X509_V_ERR_*` for the peer's certificate, or 0.
  var verifyResult: Int = 0
  /// libcurl's error buffer, or `curl_easy_strerror` when it is empty.
  var message: String = ""
  /// The CA bundle in use when it came from `SSL_CERT_FILE`.
  var caFile: String?

  /// The error to report; `limit` is the body cap (CURLE_FILESIZE_EXCEEDED).
  package func transportError(limit: Int) -> TransportError {
    if osErrno == Int(ECONNREFUSED) { return .refused }
    switch code {
    case COINS_CURLE_COULDNT_RESOLVE_HOST, COINS_CURLE_COULDNT_RESOLVE_PROXY:
      return .offline
    case COINS_CURLE_COULDNT_CONNECT:
      switch osErrno {
      case Int(ETIMEDOUT): return .timedOut
      case Int(ENETUNREACH): return .offline
      case Int(EHOSTUNREACH): return .unreachable("no route to host")
      default: return .unreachable("cannot connect")
      }
    case COINS_CURLE_OPERATION_TIMEDOUT:
      return .timedOut
    case COINS_CURLE_SEND_ERROR, COINS_CURLE_RECV_ERROR, COINS_CURLE_PARTIAL_FILE,
      COINS_CURLE_HTTP2, COINS_CURLE_HTTP2_STREAM:
      return .unreachable("connection lost")
    case COINS_CURLE_GOT_NOTHING, COINS_CURLE_WEIRD_SERVER_REPLY, COINS_CURLE_BAD_CONTENT_ENCODING:
      return .unreachable("malformed answer")
    case COINS_CURLE_FILESIZE_EXCEEDED:
      return .bodyTooLarge(limit: limit)
    case COINS_CURLE_TOO_MANY_REDIRECTS:
      return .unreachable("too many redirects")
    case COINS_CURLE_UNSUPPORTED_PROTOCOL, COINS_CURLE_URL_MALFORMAT:
      return .unreachable("unsupported URL")
    case COINS_CURLE_PEER_FAILED_VERIFICATION, COINS_CURLE_SSL_CACERT_BADFILE,
      COINS_CURLE_SSL_CONNECT_ERROR, COINS_CURLE_SSL_CERTPROBLEM:
      return .insecure(tlsFailure)
    default:
      return .unreachable("network error \(code)")
    }
  }

  /// The TLS failure behind codes 60, 77, 35 and 58. OpenSSL's verify results:
  /// 9 not yet valid, 10 expired, 23 revoked; 2, 18, 19, 20, 21 and 27 an untrusted issuer.
  package var tlsFailure: TLSFailure {
    switch code {
    case COINS_CURLE_SSL_CACERT_BADFILE:
      return .caFileUnreadable(caFile)
    case COINS_CURLE_PEER_FAILED_VERIFICATION:
      switch verifyResult {
      case 10: return .expired
      case 9: return .notYetValid
      case 23: return .revoked
      case 2, 18, 19, 20, 21, 27: return .unknownAuthority
      default:
        // libcurl checks the host name itself (lib/vtls/openssl.c, verifyhost), with these texts.
        if message.contains("subject name") || message.contains("target host name") {
          return .wrongHost
        }
        return .rejected(Self.clean(message))
      }
    default:
      return .handshakeFailed(Self.clean(message))
    }
  }

  /// One short line: control characters dropped, at most 160 characters.
  private static func clean(_ text: String) -> String {
    let printable = String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    return String(printable.prefix(160))
  }

  /// Each member as given.
  package init(
    code: Int32, osErrno: Int = 0, verifyResult: Int = 0, message: String = "",
    caFile: String? = nil
  ) {
    self.code = code
    self.osErrno = osErrno
    self.verifyResult = verifyResult
    self.message = message
    self.caFile = caFile
  }
}
